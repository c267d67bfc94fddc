CREATE TABLE "dependants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"gender" text NOT NULL,
	"relationship" text NOT NULL,
	"country_code" text NOT NULL,
	"national_id_encrypted" text,
	"insurance_type" text,
	"insurance_company" text,
	"insurance_number_encrypted" text,
	"handover_email" text,
	"handover_token_hash" text,
	"handover_expires_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"handed_to_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dependants_handover_token_hash_unique" UNIQUE("handover_token_hash")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "dependant_id" uuid;--> statement-breakpoint
ALTER TABLE "dependants" ADD CONSTRAINT "dependants_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependants" ADD CONSTRAINT "dependants_handed_to_user_id_users_id_fk" FOREIGN KEY ("handed_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dependants_holder_idx" ON "dependants" USING btree ("holder_user_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_dependant_id_dependants_id_fk" FOREIGN KEY ("dependant_id") REFERENCES "public"."dependants"("id") ON DELETE set null ON UPDATE no action;