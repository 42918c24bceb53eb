CREATE TYPE "public"."earning_kind" AS ENUM('project_payment', 'custom_model_payment', 'platform_fee', 'payout');--> statement-breakpoint
CREATE TYPE "public"."order_kind" AS ENUM('models', 'custom_model', 'project');--> statement-breakpoint
CREATE TYPE "public"."conversation_type" AS ENUM('personal', 'offer', 'meshbay_support', 'model_support', 'job_application', 'file_conversion_request', 'model_feedback', 'promotions');--> statement-breakpoint
CREATE TYPE "public"."message_kind" AS ENUM('text', 'delivery', 'revision_request', 'approval', 'system');--> statement-breakpoint
CREATE TYPE "public"."custom_model_complexity" AS ENUM('simple', 'standard', 'complex');--> statement-breakpoint
CREATE TYPE "public"."custom_model_status" AS ENUM('awaiting_payment', 'submitted', 'in_creation', 'in_qa', 'awaiting_approval', 'approved', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('submitted', 'withdrawn', 'accepted', 'declined');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('draft', 'published', 'in_progress', 'delivered', 'completed', 'cancelled', 'disputed');--> statement-breakpoint
CREATE TABLE "designer_earnings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "designer_earnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"designer_id" integer NOT NULL,
	"kind" "earning_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" integer,
	"project_id" integer,
	"custom_model_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designer_earnings_sign" CHECK ("designer_earnings"."amount_cents" <> 0 and ("designer_earnings"."kind" not in ('platform_fee', 'payout') or "designer_earnings"."amount_cents" < 0) and ("designer_earnings"."kind" not in ('project_payment', 'custom_model_payment') or "designer_earnings"."amount_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "conversation_participants" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" "conversation_type" NOT NULL,
	"subject" text NOT NULL,
	"model_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"sender_id" integer,
	"kind" "message_kind" DEFAULT 'text' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "custom_model_events" (
	"request_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"status" "custom_model_status" NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_model_events_request_id_position_pk" PRIMARY KEY("request_id","position")
);
--> statement-breakpoint
CREATE TABLE "custom_model_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_model_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"round" smallint DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_model_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_model_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"complexity" "custom_model_complexity" NOT NULL,
	"file_formats" text[] DEFAULT '{}' NOT NULL,
	"reference_links" text[] DEFAULT '{}' NOT NULL,
	"price_cents" integer NOT NULL,
	"status" "custom_model_status" DEFAULT 'awaiting_payment' NOT NULL,
	"order_id" integer,
	"designer_id" integer,
	"note" text,
	"round" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	CONSTRAINT "custom_model_requests_price_positive" CHECK ("custom_model_requests"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "application_portfolio_models" (
	"application_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "application_portfolio_models_application_id_model_id_pk" PRIMARY KEY("application_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "project_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"designer_id" integer NOT NULL,
	"proposal" text NOT NULL,
	"price_cents" integer NOT NULL,
	"delivery_days" smallint NOT NULL,
	"status" "application_status" DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "project_applications_price_positive" CHECK ("project_applications"."price_cents" > 0),
	CONSTRAINT "project_applications_delivery_range" CHECK ("project_applications"."delivery_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "project_images" (
	"project_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_images_project_id_position_pk" PRIMARY KEY("project_id","position")
);
--> statement-breakpoint
CREATE TABLE "project_reviews" (
	"project_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"review_id" integer NOT NULL,
	CONSTRAINT "project_reviews_project_id_author_id_pk" PRIMARY KEY("project_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"budget_cents" integer NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"software" text[] DEFAULT '{}' NOT NULL,
	"skills" text[] DEFAULT '{}' NOT NULL,
	"file_formats" text[] DEFAULT '{}' NOT NULL,
	"reference_links" text[] DEFAULT '{}' NOT NULL,
	"status" "project_status" DEFAULT 'draft' NOT NULL,
	"invited_designer_id" integer,
	"applicants_count" integer DEFAULT 0 NOT NULL,
	"accepted_application_id" integer,
	"order_id" integer,
	"conversation_id" integer,
	"due_at" timestamp with time zone,
	"revisions" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "projects_budget_positive" CHECK ("projects"."budget_cents" > 0),
	CONSTRAINT "projects_applicants_not_negative" CHECK ("projects"."applicants_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" "order_kind" DEFAULT 'models' NOT NULL;--> statement-breakpoint
ALTER TABLE "designer_earnings" ADD CONSTRAINT "designer_earnings_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designer_earnings" ADD CONSTRAINT "designer_earnings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_model_events" ADD CONSTRAINT "custom_model_events_request_id_custom_model_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."custom_model_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_model_events" ADD CONSTRAINT "custom_model_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_model_files" ADD CONSTRAINT "custom_model_files_request_id_custom_model_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."custom_model_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_model_requests" ADD CONSTRAINT "custom_model_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_model_requests" ADD CONSTRAINT "custom_model_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_model_requests" ADD CONSTRAINT "custom_model_requests_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_portfolio_models" ADD CONSTRAINT "application_portfolio_models_application_id_project_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."project_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_portfolio_models" ADD CONSTRAINT "application_portfolio_models_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_applications" ADD CONSTRAINT "project_applications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_applications" ADD CONSTRAINT "project_applications_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_images" ADD CONSTRAINT "project_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reviews" ADD CONSTRAINT "project_reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reviews" ADD CONSTRAINT "project_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_invited_designer_id_users_id_fk" FOREIGN KEY ("invited_designer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "designer_earnings_designer_idx" ON "designer_earnings" USING btree ("designer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "designer_earnings_project_kind_idx" ON "designer_earnings" USING btree ("project_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "designer_earnings_custom_kind_idx" ON "designer_earnings" USING btree ("custom_model_request_id","kind");--> statement-breakpoint
CREATE INDEX "conversation_participants_user_idx" ON "conversation_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conversations_model_idx" ON "conversations" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "custom_model_files_request_idx" ON "custom_model_files" USING btree ("request_id","kind","round");--> statement-breakpoint
CREATE INDEX "custom_model_requests_buyer_idx" ON "custom_model_requests" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "custom_model_requests_status_idx" ON "custom_model_requests" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "custom_model_requests_designer_idx" ON "custom_model_requests" USING btree ("designer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_applications_project_designer_idx" ON "project_applications" USING btree ("project_id","designer_id");--> statement-breakpoint
CREATE INDEX "project_applications_designer_idx" ON "project_applications" USING btree ("designer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "project_applications_one_accepted_idx" ON "project_applications" USING btree ("project_id") WHERE "project_applications"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "projects_board_published_idx" ON "projects" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_board_budget_idx" ON "projects" USING btree ("status","budget_cents" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_board_applicants_idx" ON "projects" USING btree ("status","applicants_count");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_skills_idx" ON "projects" USING gin ("skills");