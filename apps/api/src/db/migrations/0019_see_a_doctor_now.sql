CREATE TABLE "doctor_on_call" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"set_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "on_demand_requests" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"specialty" text NOT NULL,
	"language" text NOT NULL,
	"queued_at" timestamp with time zone,
	"gives_up_at" timestamp with time zone,
	"taken_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "doctor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_on_call" ADD CONSTRAINT "doctor_on_call_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_on_call" ADD CONSTRAINT "doctor_on_call_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_demand_requests" ADD CONSTRAINT "on_demand_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "on_demand_requests_waiting_idx" ON "on_demand_requests" USING btree ("specialty","queued_at") WHERE "on_demand_requests"."queued_at" is not null and "on_demand_requests"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_present" CHECK ("appointments"."doctor_id" is not null or "appointments"."plan" = 'on-demand');