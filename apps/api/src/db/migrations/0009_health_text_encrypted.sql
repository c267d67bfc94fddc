ALTER TABLE "appointments" ADD COLUMN "reason_encrypted" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "notes_encrypted" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_reason_encrypted" text;