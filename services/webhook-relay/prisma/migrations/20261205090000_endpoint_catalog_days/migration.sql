-- The per-endpoint event-type catalog (docs/event-types.md) counted whole past days from the events on every read:
-- its cost grew with what the endpoint captured within the retention window (up to a year of events per request,
-- on the PostgreSQL every tenant shares). A day's counts are now kept once the day is sealed (over for an hour), so
-- a read counts from events only the window's first day and the days not sealed yet. Capture writes nothing more.
CREATE TABLE "endpoint_event_type_days" (
    "endpoint_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "event_type" TEXT NOT NULL,
    "tenant_id" UUID NOT NULL,
    "count" BIGINT NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "endpoint_event_type_days_pkey" PRIMARY KEY ("endpoint_id","day","event_type")
);

CREATE TABLE "endpoint_catalog_days" (
    "endpoint_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "tenant_id" UUID NOT NULL,

    CONSTRAINT "endpoint_catalog_days_pkey" PRIMARY KEY ("endpoint_id","day")
);

ALTER TABLE "endpoint_event_type_days" ADD CONSTRAINT "endpoint_event_type_days_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "endpoint_catalog_days" ADD CONSTRAINT "endpoint_catalog_days_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE endpoint_event_type_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE endpoint_event_type_days FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON endpoint_event_type_days USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, DELETE ON endpoint_event_type_days TO webhook_relay_app;

ALTER TABLE endpoint_catalog_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE endpoint_catalog_days FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON endpoint_catalog_days USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, DELETE ON endpoint_catalog_days TO webhook_relay_app;
