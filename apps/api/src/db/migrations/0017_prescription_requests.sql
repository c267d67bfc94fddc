DROP INDEX "appointments_slot_held_key";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "request_encrypted" text;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD COLUMN "prescription_fee_minor" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_slot_held_key" ON "appointments" USING btree ("doctor_id","starts_at") WHERE "appointments"."status" in ('pending', 'upcoming') and "appointments"."plan" <> 'prescription';