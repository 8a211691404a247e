CREATE TABLE "info_message_mails" (
	"message_id" integer NOT NULL,
	"mail_id" integer NOT NULL,
	CONSTRAINT "info_message_mails_message_id_mail_id_pk" PRIMARY KEY("message_id","mail_id")
);
--> statement-breakpoint
ALTER TABLE "info_messages" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "info_messages" ADD COLUMN "recalled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "info_messages" ADD COLUMN "recalled_by" integer;--> statement-breakpoint
ALTER TABLE "info_message_mails" ADD CONSTRAINT "info_message_mails_message_id_info_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."info_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_message_mails" ADD CONSTRAINT "info_message_mails_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_messages" ADD CONSTRAINT "info_messages_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_messages" ADD CONSTRAINT "info_messages_recalled_by_users_id_fk" FOREIGN KEY ("recalled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;