CREATE TABLE "guest_invitations" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"link_token_hash" text NOT NULL,
	"link_used_at" timestamp with time zone,
	"device_secret_hash" text,
	"session_id" uuid,
	"video_consent_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_invitations_link_token_hash_unique" UNIQUE("link_token_hash"),
	CONSTRAINT "guest_invitations_device_secret_hash_unique" UNIQUE("device_secret_hash")
);
--> statement-breakpoint
CREATE TABLE "meeting_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"role" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "guest_invitations" ADD CONSTRAINT "guest_invitations_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_invitations" ADD CONSTRAINT "guest_invitations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_invitations" ADD CONSTRAINT "guest_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_events" ADD CONSTRAINT "meeting_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_events_appointment_idx" ON "meeting_events" USING btree ("appointment_id","at");