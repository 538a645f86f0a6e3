-- Event lists are ordered by capture number, then id (docs/delivery-order.md#listing-events): the order deliveries
-- follow, not the order of receipt times. Newest first, each a backward scan of one of these per partition (the
-- list's time range prunes the day partitions). Events without a number are listed after, by id (the primary key).
-- On the partitioned table, so every partition has them, and partitions made later get them too.
CREATE INDEX "events_capture_seq_id_idx" ON "events"("capture_seq", "id");
CREATE INDEX "events_endpoint_id_capture_seq_id_idx" ON "events"("endpoint_id", "capture_seq", "id");

-- Events without a capture number (captured before numbers existed) are read after the numbered ones, on a list's
-- last page: these hold only them, so that read ends at once when there are none, instead of walking the window by id.
CREATE INDEX "events_unnumbered_id_idx" ON "events"("id") WHERE "capture_seq" IS NULL;
CREATE INDEX "events_unnumbered_endpoint_id_id_idx" ON "events"("endpoint_id", "id") WHERE "capture_seq" IS NULL;
