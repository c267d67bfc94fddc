CREATE TABLE "issued_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"short_code" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid,
	"appointment_id" uuid,
	"issuer" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"content_hash" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_short_code_key" ON "issued_documents" USING btree ("short_code");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_source_key" ON "issued_documents" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "issued_documents_patient_idx" ON "issued_documents" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "issued_documents_doctor_idx" ON "issued_documents" USING btree ("doctor_id");