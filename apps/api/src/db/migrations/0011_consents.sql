CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"context" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consents_user_document_version_key" ON "consents" USING btree ("user_id","document","version");--> statement-breakpoint
-- Acceptances from before versioned documents: kept as evidence under the version "unversioned",
-- so these patients are asked once to accept the versioned texts at their next sign-in (ADR 0024).
INSERT INTO "consents" ("user_id", "document", "version", "accepted_at", "context")
SELECT "user_id", d."document", 'unversioned', "terms_accepted_at", 'profile'
FROM "patient_profiles", (VALUES ('terms'), ('privacy')) AS d("document")
WHERE "terms_accepted_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_profiles" DROP COLUMN "terms_accepted_at";