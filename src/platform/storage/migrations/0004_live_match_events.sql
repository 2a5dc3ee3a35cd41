CREATE TABLE "live_match_events" (
	"match_id" text NOT NULL,
	"event_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_match_events_match_id_event_id_pk" PRIMARY KEY("match_id","event_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_match_events_sequence_idx" ON "live_match_events" USING btree ("match_id","sequence");--> statement-breakpoint
CREATE INDEX "live_match_events_received_idx" ON "live_match_events" USING btree ("received_at");