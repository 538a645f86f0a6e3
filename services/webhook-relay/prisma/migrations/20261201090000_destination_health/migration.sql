-- A destination's health over a recent window (docs/health.md): its deliveries created in the window are a range
-- of ids (UUIDv7, time-ordered) under its id, read from this index; their attempts come from delivery_attempts by
-- delivery_id. Without it the read walked every delivery of the destination (destination_id, state, position).
CREATE INDEX "deliveries_destination_id_id_idx" ON "deliveries"("destination_id", "id");
