CREATE TABLE "patient_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"gender" text,
	"birth_date" date,
	"street" text,
	"street_number" text,
	"post_code" text,
	"city" text,
	"country_code" text,
	"national_id_encrypted" text,
	"insurance_type" text,
	"insurance_company" text,
	"insurance_number_encrypted" text,
	"terms_accepted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_profiles" ADD CONSTRAINT "patient_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;