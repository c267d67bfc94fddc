ALTER TABLE "doctor_profiles" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD CONSTRAINT "doctor_profiles_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- The markets' doctors practise where their calendar is; the clinic corrects it in the admin's form.
UPDATE "doctor_profiles" SET "country" = CASE "time_zone" WHEN 'Europe/Sofia' THEN 'BG' WHEN 'Europe/Berlin' THEN 'DE' END;
