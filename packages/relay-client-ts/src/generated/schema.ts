// Generated from packages/relay-client-generator/openapi.json by `pnpm clients:generate`. Do not edit by hand.
// Types by openapi-typescript.

export interface paths {
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys, masked */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key (the secret is shown once) */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key for good */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List endpoints, newest first */
        get: operations["listEndpoints"];
        put?: never;
        /** Create an endpoint and its ingest URL */
        post: operations["createEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/endpoints/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an endpoint */
        get: operations["getEndpoint"];
        put?: never;
        post?: never;
        /** Delete an endpoint (its URL stops answering; its events stay for the retention window, or go now with purge_events=true) */
        delete: operations["deleteEndpoint"];
        options?: never;
        head?: never;
        /** Rename an endpoint or change its provider */
        patch: operations["updateEndpoint"];
        trace?: never;
    };
    "/v1/endpoints/{endpoint_id}/volume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events the endpoint captured per bucket over a recent window, by verification state (docs/health.md) */
        get: operations["getEndpointVolume"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/endpoints/{endpoint_id}/ingest-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the ingest URL again */
        get: operations["getIngestUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/endpoints/{endpoint_id}/ingest-url/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the ingest token in place (the old URL answers 404) */
        post: operations["rotateIngestUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/endpoints/{endpoint_id}/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List provider secrets, masked */
        get: operations["listProviderSecrets"];
        put?: never;
        /** Add a provider secret (others stay active) */
        post: operations["addProviderSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/endpoints/{endpoint_id}/secrets/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a secret and retire the active ones after a grace period */
        post: operations["rotateProviderSecrets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/endpoints/{endpoint_id}/secrets/{secret_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a provider secret at once */
        delete: operations["removeProviderSecret"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List captured events, newest first */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live events as they are captured and checked (server-sent events) */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event with its headers, body and verification */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/endpoints/{endpoint_id}/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The event types an endpoint's events carry: how many of each, first and last seen (docs/event-types.md) */
        get: operations["listEndpointEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your event types, newest first */
        get: operations["listEventTypes"];
        put?: never;
        /** Add an event type of your own with a JSON Schema its events are checked against (an invalid schema: 400) */
        post: operations["createEventType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event-types/{event_type_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event type and its schema */
        get: operations["getEventType"];
        put?: never;
        post?: never;
        /** Delete an event type (its events keep their type; they are no longer checked) */
        delete: operations["deleteEventType"];
        options?: never;
        head?: never;
        /** Change the schema or the description of an event type */
        patch: operations["updateEventType"];
        trace?: never;
    };
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List audit entries, newest first */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Walk the hash chain, name the first broken link, and check that it ends at the anchored head (newest entries deleted) */
        post: operations["verifyAuditChain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List destinations, newest first */
        get: operations["listDestinations"];
        put?: never;
        /** Register a destination (its signing secret is shown once) */
        post: operations["createDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations/{destination_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a destination */
        get: operations["getDestination"];
        put?: never;
        post?: never;
        /** Delete a destination (pending deliveries are cancelled) */
        delete: operations["deleteDestination"];
        options?: never;
        head?: never;
        /** Change a destination; enabling it again resumes its queue */
        patch: operations["updateDestination"];
        trace?: never;
    };
    "/v1/destinations/{destination_id}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries and attempts over a recent window: success rate, latency, the last failure, the queue now, attempts per bucket (docs/health.md) */
        get: operations["getDestinationHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations/{destination_id}/secrets/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a signing secret and retire the active ones after a grace period (both sign until then); without a body, the secret is generated and the grace period is one day */
        post: operations["rotateDestinationSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations/{destination_id}/secrets/{secret_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop signing with a secret at once */
        delete: operations["revokeDestinationSecret"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations/{destination_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a destination: events still join its queue, which holds in order (nothing sent, nothing dead-lettered) until it is resumed */
        post: operations["pauseDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations/{destination_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused or turned-off destination: its breaker closes and its queue is sent in order from the head, at once */
        post: operations["resumeDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations/{destination_id}/transformations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The versions of the destination’s transformation, newest first, and which one is active */
        get: operations["listTransformations"];
        put?: never;
        /** Save a new version of the destination’s transformation (code that does not compile: 400); activate: true makes it the one deliveries run */
        post: operations["createTransformation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations/{destination_id}/transformations/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose the version deliveries run from their next attempt on (null: none); the queue keeps its order */
        post: operations["activateTransformation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/destinations/{destination_id}/transformations/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run code (or a saved version) on a captured event in the sandbox and show the request it makes and its logs; sends and saves nothing */
        post: operations["testTransformation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Failures grouped per destination (or endpoint) and kind, newest first: one issue per outage, not one per attempt */
        get: operations["listIssues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues/{issue_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an issue */
        get: operations["getIssue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues/{issue_id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge an open issue (someone is on it); it still resolves by itself when deliveries succeed again */
        post: operations["acknowledgeIssue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues/{issue_id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resolve an issue by hand; the next failure of its kind opens a new one */
        post: operations["resolveIssue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscriptions, newest first */
        get: operations["listSubscriptions"];
        put?: never;
        /** Forward an endpoint's events (optionally only some states, event types, or those a filter matches) to a destination */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{subscription_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop forwarding (deliveries already queued go on) */
        delete: operations["deleteSubscription"];
        options?: never;
        head?: never;
        /** Set or remove (null) the filter; events fanned out from then on are judged by the new one */
        patch: operations["updateSubscription"];
        trace?: never;
    };
    "/v1/subscriptions/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Evaluate a filter against the endpoint's last events (newest first) before saving it; changes nothing */
        post: operations["dryRunSubscriptionFilter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List deliveries, newest first; state=dead_lettered lists the dead letters, state=filtered those a subscription filter turned away */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a delivery with its attempts */
        get: operations["getDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send events again to a registered destination: by event, by dead letter, or by time range (new deliveries, in capture order) */
        post: operations["replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk-retries/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many of a destination's dead letters (and distinct events) a bulk retry of this selection would send again; changes nothing */
        post: operations["previewBulkRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk-retries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List bulk retries, newest first, with their progress */
        get: operations["listBulkRetries"];
        put?: never;
        /** Start a durable job that sends a destination's selected dead letters again, in their order, as new deliveries (docs/bulk-retry.md) */
        post: operations["startBulkRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk-retries/{bulk_retry_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bulk retry: its state and progress (retried of total) */
        get: operations["getBulkRetry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk-retries/{bulk_retry_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a queued or running bulk retry: no dead letter is queued after the answer (409 conflict once it finished) */
        post: operations["cancelBulkRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triggers/wait": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register (or reuse) a trigger on an endpoint and return the events captured since its cursor, in capture order, at least once; `ack` moves the cursor (the MCP tool triggers.wait) */
        post: operations["waitForTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triggers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List triggers (agents’ positions in endpoints’ events), newest first */
        get: operations["listTriggers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triggers/{trigger_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a trigger and its cursor (the next triggers.wait under its name starts afresh) */
        delete: operations["deleteTrigger"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the agents authorized on the MCP server (OAuth grants in force), newest first */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an agent: its access and refresh tokens stop working at once */
        delete: operations["revokeAgent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plan, its allowance and this period's captured events */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notification-targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List notification targets, newest first */
        get: operations["listNotificationTargets"];
        put?: never;
        /** Register where notifications go: a webhook (signed with Standard Webhooks; its secret is shown once) or an email address (needs RELAY_SMTP_URL) */
        post: operations["createNotificationTarget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notification-targets/{target_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a notification target */
        get: operations["getNotificationTarget"];
        put?: never;
        post?: never;
        /** Delete a notification target and its notifications (pending ones are not sent) */
        delete: operations["deleteNotificationTarget"];
        options?: never;
        head?: never;
        /** Change the types, the address or url, the description, or turn a target off and on */
        patch: operations["updateNotificationTarget"];
        trace?: never;
    };
    "/v1/notification-targets/{target_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a notification.test notification to this target only (whatever its types); answers the queued notification */
        post: operations["testNotificationTarget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notifications sent or still being sent, newest first, one per target: state, attempts, the last error */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every dependency answers */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/install.sh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Installs the CLI: downloads /cli/relay.mjs, checks it against the SHA-256 written into the script, puts `webhook-relay` on the user's PATH */
        get: operations["getInstallScript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cli/relay.mjs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The CLI as one ES module (Node.js 18+), what /install.sh installs; its SHA-256 is in the X-Content-SHA256 header */
        get: operations["getCliBundle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/cli/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start a browser sign-in for the CLI: redirects to the identity provider (or shows a chooser when several are configured and none is named) */
        get: operations["startCliSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The identity provider's redirect back: creates a free account on a first sign-in and redirects to the CLI's loopback URL with a new API key (`key`) and its `state`, or with `error` */
        get: operations["finishCliSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Leads a browser to the web dashboard */
        get: operations["openDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The dashboard session of this browser: who is signed in, the session's CSRF token, and the identity providers to sign in with */
        get: operations["getDashboardSession"];
        put?: never;
        /** Sign the dashboard in with an API key (installations without an identity provider); sets the session cookie */
        post: operations["signInWithApiKey"];
        /** Sign the dashboard out (needs X-CSRF-Token); the session ends on every replica */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/dashboard/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start a browser sign-in for the dashboard with a configured identity provider; /auth/callback then opens the session */
        get: operations["startDashboardSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Not offered: the server is stateless (no server-to-client stream) */
        get: operations["mcpStream"];
        put?: never;
        /** The MCP server (Streamable HTTP, stateless, JSON answers): tools mirroring this API, and triggers.wait. Bearer access token of this server’s OAuth */
        post: operations["mcp"];
        /** Not offered: there are no sessions to end */
        delete: operations["mcpEndSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RFC 9728 protected-resource metadata of /mcp (also at /.well-known/oauth-protected-resource) */
        get: operations["getMcpResourceMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RFC 9728 protected-resource metadata (root form) */
        get: operations["getResourceMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** RFC 8414 authorization-server metadata */
        get: operations["getAuthorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** RFC 7591 dynamic client registration */
        post: operations["registerOAuthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization code request with PKCE (S256); sends the browser to the consent page */
        get: operations["authorizeOAuth"];
        put?: never;
        /** The same authorization request as a form post */
        post: operations["authorizeOAuthByForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page where a person signs in and allows or denies an agent */
        get: operations["showOAuthConsent"];
        put?: never;
        /** The person’s answer (form post: request, decision, and csrf or api_key) */
        post: operations["answerOAuthConsent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Authorization code or refresh token for an access token and a new refresh token */
        post: operations["getOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** RFC 7009 revocation of an access or refresh token (ends its grant) */
        post: operations["revokeOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every tenant with its plan, this period’s captured events and active keys, oldest id first */
        get: operations["adminListTenants"];
        put?: never;
        /** Create a tenant on a plan, with its first API key (audited in the new tenant’s log) */
        post: operations["adminCreateTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants/{tenant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One tenant with its plan and usage */
        get: operations["adminGetTenant"];
        put?: never;
        post?: never;
        /** Delete a tenant: its keys are revoked, capture stops, and its endpoints, events, destinations, deliveries and users are deleted; the tenant row and its audit log stay, with the deletion in it */
        delete: operations["adminDeleteTenant"];
        options?: never;
        head?: never;
        /** Change the plan, pause capture or resume it (each change audited in the tenant’s log) */
        patch: operations["adminUpdateTenant"];
        trace?: never;
    };
    "/admin/tenants/{tenant_id}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tenant's API keys, revoked ones included */
        get: operations["adminListTenantApiKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/tenants/{tenant_id}/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of a tenant’s API keys (audited in the tenant’s log) */
        delete: operations["adminRevokeTenantApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        CreatedApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description The prefix and last four characters.
             * @example whk_…a1b2
             */
            key_hint: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** @description The secret key: shown in this answer only. */
            key: string;
        };
        /** @description Every error answer. */
        RelayError: {
            error: {
                /** @enum {string} */
                code: "invalid_request" | "unauthorized" | "forbidden" | "not_found" | "expired" | "conflict" | "idempotency_key_in_use" | "payload_too_large" | "capture_paused" | "unsupported_media_type" | "idempotency_key_reused" | "rate_limited" | "unavailable" | "internal";
                message: string;
            };
        };
        CreateApiKeyRequest: {
            name: string;
        };
        ApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description The prefix and last four characters.
             * @example whk_…a1b2
             */
            key_hint: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
        };
        EndpointWithIngestUrl: {
            /** Format: uuid */
            id: string;
            name: string;
            provider: string | null;
            dedup: {
                /** @enum {string} */
                strategy: "sw_webhook_id" | "provider_event_id" | "content_hash" | "fields";
                fields?: string[];
                window_seconds?: number;
            } | null;
            /** @description The ingest URL with its token masked, or null. */
            ingest_url_hint: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description {ingest_url}/<token>: a credential; treat it as a secret. */
            ingest_url: string;
        };
        CreateEndpointRequest: {
            name: string;
            provider?: string | null;
            dedup?: components["schemas"]["EndpointDedup"];
        };
        EndpointDedup: {
            /** @enum {string} */
            strategy: "sw_webhook_id" | "provider_event_id" | "content_hash" | "fields";
            fields?: string[];
            window_seconds?: number;
        } | null;
        Endpoint: {
            /** Format: uuid */
            id: string;
            name: string;
            provider: string | null;
            dedup: {
                /** @enum {string} */
                strategy: "sw_webhook_id" | "provider_event_id" | "content_hash" | "fields";
                fields?: string[];
                window_seconds?: number;
            } | null;
            /** @description The ingest URL with its token masked, or null. */
            ingest_url_hint: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        EndpointVolume: {
            /** Format: uuid */
            endpoint_id: string;
            /** @enum {string} */
            window: "1h" | "24h" | "7d";
            /** @enum {string} */
            bucket: "5m" | "1h" | "1d";
            /**
             * Format: date-time
             * @description Start of what is counted: now minus the window, or the start of the account's retention window if that is later.
             */
            from: string;
            /**
             * Format: date-time
             * @description Now, when the figures were read.
             */
            to: string;
            /** @description The sums of the series. */
            totals: {
                /** @description Events captured in this bucket (repeats included: each was stored). */
                events: number;
                /** @description Their signature checked out. */
                verified: number;
                /** @description Authenticated another way (a token, Basic). */
                authenticated: number;
                /** @description The check failed. */
                failed: number;
                /** @description Not checked (no provider, or no secret). */
                unattempted: number;
                /** @description The check has not run yet. */
                pending: number;
                /** @description Repeats of an earlier event (stored, never delivered twice). */
                duplicates: number;
            };
            /** @description Per bucket, oldest first, every bucket of the window (zeros included). */
            series: components["schemas"]["EndpointVolumeBucket"][];
        };
        EndpointVolumeBucket: {
            /** Format: date-time */
            start: string;
            /** @description Events captured in this bucket (repeats included: each was stored). */
            events: number;
            /** @description Their signature checked out. */
            verified: number;
            /** @description Authenticated another way (a token, Basic). */
            authenticated: number;
            /** @description The check failed. */
            failed: number;
            /** @description Not checked (no provider, or no secret). */
            unattempted: number;
            /** @description The check has not run yet. */
            pending: number;
            /** @description Repeats of an earlier event (stored, never delivered twice). */
            duplicates: number;
        };
        UpdateEndpointRequest: {
            name?: string;
            provider?: string | null;
            dedup?: components["schemas"]["EndpointDedup"];
        };
        IngestUrl: {
            /** @description {ingest_url}/<token>: a credential; treat it as a secret. */
            ingest_url: string;
        };
        ProviderSecret: {
            /** Format: uuid */
            id: string;
            label: string | null;
            /**
             * @description The last four characters (none for short secrets).
             * @example …a1b2
             */
            secret_hint: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            active: boolean;
        };
        AddProviderSecretRequest: {
            secret: string;
            label?: string;
            /** Format: date-time */
            expires_at?: string;
        };
        RotatedProviderSecrets: {
            secret: components["schemas"]["ProviderSecret"];
            previous: components["schemas"]["ProviderSecret"][];
        };
        RotateProviderSecretRequest: {
            secret: string;
            label?: string;
            /** @default 86400 */
            previous_expire_in_seconds?: number;
        };
        EventSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpoint_id: string;
            /** Format: date-time */
            received_at: string;
            /** @description Capture number: the order deliveries follow (docs/delivery-order.md), which receipt times may not show (replicas’ clocks, up to a few hundred ms). Lists are ordered by it, newest first; null for events captured before capture numbers existed, listed after the numbered ones. */
            capture_seq: number | null;
            method: string;
            content_type: string | null;
            /** @description Body size in bytes. */
            size: number;
            provider: string | null;
            verification: {
                /**
                 * @description The final verification state; null while the check is still due (`pending`).
                 * @enum {string|null}
                 */
                state: "verified" | "authenticated" | "failed" | "unattempted" | null;
                cause: string | null;
                /** @description True while the event waits for its signature check (its endpoint has a provider); `state` is null until then. */
                pending: boolean;
            };
            /**
             * Format: uuid
             * @description The first capture of the same delivery, when this one repeats it.
             */
            duplicate_of: string | null;
            /** @description Its type, from where its provider puts it (docs/event-types.md); null when the request carries none. */
            event_type: string | null;
        };
        EventDetail: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpoint_id: string;
            /** Format: date-time */
            received_at: string;
            /** @description Capture number: the order deliveries follow (docs/delivery-order.md), which receipt times may not show (replicas’ clocks, up to a few hundred ms). Lists are ordered by it, newest first; null for events captured before capture numbers existed, listed after the numbered ones. */
            capture_seq: number | null;
            method: string;
            content_type: string | null;
            /** @description Body size in bytes. */
            size: number;
            provider: string | null;
            verification: {
                /**
                 * @description The final verification state; null while the check is still due (`pending`).
                 * @enum {string|null}
                 */
                state: "verified" | "authenticated" | "failed" | "unattempted" | null;
                cause: string | null;
                /** @description True while the event waits for its signature check; `state` is null until then. */
                pending: boolean;
                detail: {
                    [key: string]: unknown;
                } | null;
                /** Format: uuid */
                matched_secret_id: string | null;
                /** Format: date-time */
                verified_at: string | null;
            };
            /**
             * Format: uuid
             * @description The first capture of the same delivery, when this one repeats it.
             */
            duplicate_of: string | null;
            /** @description Its type, from where its provider puts it (docs/event-types.md); null when the request carries none. */
            event_type: string | null;
            /** @description The path the sender called, its ingest token masked as in `ingest_url_hint` (`/whep_…9Ga4/sub/path`): the token is a credential and is not stored with events. */
            path: string;
            query: string;
            /** @description Name/value pairs in arrival order. */
            headers: [
                string,
                string
            ][];
            source_address: string | null;
            body: {
                /**
                 * @description utf8 when the bytes are valid UTF-8, base64 otherwise.
                 * @enum {string}
                 */
                encoding: "utf8" | "base64";
                data: string;
                sha256: string;
            };
            /** @description Whether the body validates against the schema of the tenant's event type of this name; null when there is none. */
            schema_check: {
                /** Format: uuid */
                event_type_id: string;
                valid: boolean;
                /** @description The first reason it does not validate (`/amount must be integer`). */
                error: string | null;
            } | null;
        };
        EndpointEventTypeList: {
            data: components["schemas"]["EndpointEventType"][];
        };
        EndpointEventType: {
            event_type: string;
            /** @description Events of this type the endpoint holds (within the tenant's retention window). */
            count: number;
            /** Format: date-time */
            first_seen_at: string;
            /** Format: date-time */
            last_seen_at: string;
            /**
             * Format: uuid
             * @description The tenant’s custom event type of this name, when there is one.
             */
            schema_id: string | null;
        };
        EventType: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            schema: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateEventTypeRequest: {
            name: string;
            /** @description A JSON Schema (draft 2020-12 by default; draft-07 when its `$schema` says so). */
            schema: {
                [key: string]: unknown;
            };
            description?: string;
        };
        UpdateEventTypeRequest: {
            /** @description A JSON Schema (draft 2020-12 by default; draft-07 when its `$schema` says so). */
            schema?: {
                [key: string]: unknown;
            };
            description?: string | null;
        };
        AuditEntry: {
            /** Format: uuid */
            id: string;
            seq: number;
            actor: string;
            action: string;
            target: {
                type: string;
                id: string | null;
            };
            details: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** @description hash of the entry before (64 zeros for the first). */
            prev_hash: string;
            /** @description sha256(prev_hash || canonical entry), hex. */
            hash: string;
        };
        AuditVerification: {
            intact: boolean;
            /** @description Entries checked before the first broken one (all of them when intact, the ones found when the head does not match). */
            entries: number;
            last_hash: string | null;
            first_broken: {
                seq: number;
                /** Format: uuid */
                id: string;
                reason: string;
            } | null;
            anchor_mismatch: components["schemas"]["AuditAnchorMismatch"];
        };
        /** @description The chain holds link by link but does not end at the tenant's anchored head (entry count and last hash, moved forward with every append and never back by the service). */
        AuditAnchorMismatch: {
            /**
             * @description truncated: the newest entries were deleted; rewritten: the chain ends in another hash than the head; beyond_anchor: entries the head does not count; anchor_missing: entries but no head.
             * @enum {string}
             */
            cause: "truncated" | "rewritten" | "beyond_anchor" | "anchor_missing";
            /** @description What was expected and what was found, e.g. "expected 9 entries ending in hash …, found 7 …". */
            reason: string;
            /** @description Entries the anchored head counts. */
            expected_entries: number;
            expected_last_hash: string | null;
            found_entries: number;
            found_last_hash: string | null;
        } | null;
        CreatedDestination: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            header_names: string[];
            timeout_ms: number;
            enabled: boolean;
            /** @description Why it is off (enabled false): turned off by hand, the destination answered 410, or it kept failing past its breaker. */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description Paused by hand: events still reach its queue, which holds in order until it is resumed.
             */
            paused_at: string | null;
            paused_reason: string | null;
            rate_limit: components["schemas"]["DestinationRateLimit"];
            breaker: components["schemas"]["DestinationBreaker"];
            /** @description The active transformation version (docs/transformations.md); null: deliveries go as captured. */
            transformation_version: number | null;
            secrets: components["schemas"]["DestinationSecret"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret, shown this once (whsec_...). */
            secret: string;
        };
        /** @description At most `max` deliveries per second or per minute, kept across every worker process; null: no limit. */
        DestinationRateLimit: {
            max: number;
            /** @enum {string} */
            per: "second" | "minute";
        } | null;
        DestinationBreaker: {
            /**
             * @description closed: deliveries flow. open: the head of the queue waits for its next probe, nothing is dead-lettered. half_open: the probe is due or being sent; its success closes the breaker.
             * @enum {string}
             */
            state: "closed" | "open" | "half_open";
            consecutive_failures: number;
            /** Format: date-time */
            failing_since: string | null;
            /** Format: date-time */
            opened_at: string | null;
            /** Format: date-time */
            next_probe_at: string | null;
            failures: number;
            window_seconds: number;
            disable_after_hours: number;
        };
        DestinationSecret: {
            /** Format: uuid */
            id: string;
            label: string | null;
            /** @example whsec_…a1b2 */
            secret_hint: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            active: boolean;
        };
        CreateDestinationRequest: {
            name: string;
            /**
             * Format: uri
             * @description Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect.
             */
            url: string;
            /** @description Extra request headers (stored encrypted; only their names are shown back). */
            headers?: {
                [key: string]: string;
            };
            /** @default 15000 */
            timeout_ms?: number;
            /** @default true */
            enabled?: boolean;
            /** @description A Standard Webhooks secret; one is generated when absent. */
            secret?: string;
            rate_limit?: components["schemas"]["DestinationRateLimit"];
            breaker?: components["schemas"]["BreakerSettings"];
        };
        BreakerSettings: {
            /** @description Failures of the destination in a row that open the breaker (default 5)... */
            failures?: number;
            /** @description ...once they have lasted this long (default 300). */
            window_seconds?: number;
            /** @description Failing this long turns the destination off, with a notification (default 120: 5 days). */
            disable_after_hours?: number;
        };
        Destination: {
            /** Format: uuid */
            id: string;
            name: string;
            url: string;
            header_names: string[];
            timeout_ms: number;
            enabled: boolean;
            /** @description Why it is off (enabled false): turned off by hand, the destination answered 410, or it kept failing past its breaker. */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description Paused by hand: events still reach its queue, which holds in order until it is resumed.
             */
            paused_at: string | null;
            paused_reason: string | null;
            rate_limit: components["schemas"]["DestinationRateLimit"];
            breaker: components["schemas"]["DestinationBreaker"];
            /** @description The active transformation version (docs/transformations.md); null: deliveries go as captured. */
            transformation_version: number | null;
            secrets: components["schemas"]["DestinationSecret"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        DestinationHealth: {
            /** Format: uuid */
            destination_id: string;
            /** @enum {string} */
            window: "1h" | "24h" | "7d";
            /** @enum {string} */
            bucket: "5m" | "1h" | "1d";
            /**
             * Format: date-time
             * @description Start of what is counted: now minus the window, or the start of the account's retention window if that is later.
             */
            from: string;
            /**
             * Format: date-time
             * @description Now, when the figures were read.
             */
            to: string;
            /** @description Deliveries created in the window, by their state now. */
            deliveries: {
                /** @description Deliveries created in the window (replays included). */
                total: number;
                /** @description Delivered. */
                succeeded: number;
                /** @description Still pending after at least one failed attempt. */
                retrying: number;
                /** @description Not attempted yet. */
                pending: number;
                /** @description Failed for good. */
                dead_lettered: number;
                /** @description Cancelled (their destination or endpoint was deleted). */
                cancelled: number;
            };
            /** @description succeeded / (succeeded + dead_lettered) of those deliveries; null when none has finished. */
            success_rate: number | null;
            /** @description The attempts of the window's deliveries. */
            attempts: {
                /** @description Attempts. */
                total: number;
                /** @description Answered 2xx. */
                succeeded: number;
                /** @description Failed. */
                failed: number;
            };
            /** @description Duration of those attempts (request sent to answer read or failure), median and 95th percentile; null without attempts. */
            latency_ms: {
                p50: number;
                p95: number;
            } | null;
            /** @description The newest failed attempt of those deliveries; null when none failed. */
            last_failure: {
                /** Format: date-time */
                at: string;
                /** Format: uuid */
                delivery_id: string;
                status_code: number | null;
                error: string | null;
                /** @description The start of the answer, as the delivery detail shows it (bounded). */
                response_excerpt: string | null;
            } | null;
            /** @description The destination's queue now. */
            backlog: {
                /** @description Deliveries waiting now (whatever their age), counted up to 10,000. */
                pending: number;
                /** @description true: more than 10,000 are waiting. */
                more: boolean;
                /**
                 * Format: date-time
                 * @description When the head of the queue was created.
                 */
                oldest_pending_at: string | null;
            };
            /** @description Attempts per bucket, oldest first, every bucket of the window (zeros included). */
            series: components["schemas"]["DestinationHealthBucket"][];
        };
        DestinationHealthBucket: {
            /** Format: date-time */
            start: string;
            /** @description Attempts that started in this bucket and were answered 2xx. */
            succeeded: number;
            /** @description Attempts that started in this bucket and failed (an answer other than 2xx, a timeout, a refused connection). */
            failed: number;
        };
        UpdateDestinationRequest: {
            name?: string;
            /**
             * Format: uri
             * @description Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect.
             */
            url?: string;
            /** @description Extra request headers (stored encrypted; only their names are shown back). */
            headers?: {
                [key: string]: string;
            };
            timeout_ms?: number;
            enabled?: boolean;
            rate_limit?: components["schemas"]["DestinationRateLimit"];
            breaker?: components["schemas"]["BreakerSettings"];
        };
        RotatedDestinationSecret: {
            /** @description The new signing secret, shown this once. */
            secret: string;
            created: components["schemas"]["DestinationSecret"];
            previous: components["schemas"]["DestinationSecret"][];
        };
        RotateDestinationSecretRequest: {
            secret?: string;
            label?: string;
            /** @default 86400 */
            previous_expire_in_seconds?: number;
        };
        PauseDestinationRequest: {
            reason?: string;
        };
        Transformation: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            destination_id: string;
            /** @description Numbered 1, 2, 3… per destination; a version is never changed once written. */
            version: number;
            code: string;
            /** @description The destination's deliveries run this version. */
            active: boolean;
            /** Format: date-time */
            created_at: string;
            created_by: string | null;
        };
        CreateTransformationRequest: {
            /**
             * @description A JavaScript function expression `(request) => request`. It receives {method, path, headers, body} (body parsed when the event is JSON) and returns the request to send, or null to drop the delivery.
             * @example (request) => ({ ...request, headers: { ...request.headers, "x-source": "relay" } })
             */
            code: string;
            /**
             * @description Make this version the active one at once (default false: test it first, then activate).
             * @default false
             */
            activate?: boolean;
        };
        TransformationList: {
            /** @description null: deliveries go as captured. */
            active_version: number | null;
            /** @description Newest version first. */
            data: components["schemas"]["Transformation"][];
        };
        ActivateTransformationRequest: {
            /** @description The version deliveries run from now on; null detaches the transformation (deliveries go as captured). */
            version: number | null;
        };
        TransformationTestResult: {
            /**
             * @description send: the request below would be sent; dropped: the function returned null; failed: it threw or hit a limit.
             * @enum {string}
             */
            outcome: "send" | "dropped" | "failed";
            request: {
                method: string;
                url: string;
                /** @description The transformation's headers (the destination's own, stored encrypted, are added when sent). */
                headers: {
                    [key: string]: string;
                };
                /** @description The body as it would be sent (and signed). */
                body: string;
            } | null;
            /** @description Why it failed, naming the limit it hit. */
            error: string | null;
            /** @description What console.log printed (at most 50 lines of 1,000 characters). */
            logs: string[];
            duration_ms: number;
        };
        TestTransformationRequest: {
            /**
             * Format: uuid
             * @description A captured event of an endpoint this destination is subscribed to (or any of yours).
             */
            event_id: string;
            /**
             * @description A JavaScript function expression `(request) => request`. It receives {method, path, headers, body} (body parsed when the event is JSON) and returns the request to send, or null to drop the delivery.
             * @example (request) => ({ ...request, headers: { ...request.headers, "x-source": "relay" } })
             */
            code?: string;
            version?: number;
        };
        Issue: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            destination_id: string | null;
            /** Format: uuid */
            endpoint_id: string | null;
            kind: components["schemas"]["IssueKind"];
            state: components["schemas"]["IssueState"];
            /** @description Failures grouped in it. */
            count: number;
            /** Format: date-time */
            first_seen_at: string;
            /** Format: date-time */
            last_seen_at: string;
            last_status: number | null;
            last_error: string | null;
            /** @description The start of the last failing answer's body. */
            last_excerpt: string | null;
            /** Format: uuid */
            last_delivery_id: string | null;
            /** Format: uuid */
            last_event_id: string | null;
            /** Format: date-time */
            acknowledged_at: string | null;
            acknowledged_by: string | null;
            /** Format: date-time */
            resolved_at: string | null;
            /** @description system:delivery or system:verification when it resolved by itself. */
            resolved_by: string | null;
        };
        /**
         * @description Delivery failures of a destination by cause, or verification_failed: an endpoint's captured requests fail signature verification (a provider secret rotated and not updated, say). transformation_failed: the destination's transformation threw or exceeded its limits (not the receiver's failure: it does not count towards the circuit breaker).
         * @enum {string}
         */
        IssueKind: "connection_refused" | "connection_error" | "tls" | "timeout" | "egress_refused" | "http_5xx" | "http_429" | "redirect" | "http_4xx" | "gone" | "verification_failed" | "transformation_failed";
        /** @enum {string} */
        IssueState: "open" | "acknowledged" | "resolved";
        Subscription: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpoint_id: string;
            /** Format: uuid */
            destination_id: string;
            /** @description Verification states forwarded; empty = all. */
            states: components["schemas"]["VerificationState"][];
            /** @description Provider event types forwarded; empty = all. */
            event_types: string[];
            /**
             * @description Only events this query matches are sent; the others get a `filtered` delivery. null = every event.
             * @example {
             *       "body.amount": {
             *         "$gt": 100
             *       },
             *       "body.currency": {
             *         "$in": [
             *           "usd",
             *           "eur"
             *         ]
             *       }
             *     }
             */
            filter: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @enum {string} */
        VerificationState: "verified" | "authenticated" | "failed" | "unattempted";
        CreateSubscriptionRequest: {
            /** Format: uuid */
            endpoint_id: string;
            /** Format: uuid */
            destination_id: string;
            /** @default [] */
            states?: components["schemas"]["VerificationState"][];
            /** @default [] */
            event_types?: string[];
            filter?: components["schemas"]["SubscriptionFilter"];
        };
        /**
         * @description A MongoDB-style query over {body, headers, query, provider, state, event_type} (docs/filters.md): $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $and, $or, $nor, $not, $all, $elemMatch, $size, dotted paths and array matching. At most 8 KiB and 10 levels.
         * @example {
         *       "body.amount": {
         *         "$gt": 100
         *       },
         *       "body.currency": {
         *         "$in": [
         *           "usd",
         *           "eur"
         *         ]
         *       }
         *     }
         */
        SubscriptionFilter: {
            [key: string]: unknown;
        } | null;
        UpdateSubscriptionRequest: {
            filter?: components["schemas"]["SubscriptionFilter"];
        };
        SubscriptionFilterDryRunResult: {
            /** Format: uuid */
            endpoint_id: string;
            /** @description Events the filter lets through. */
            matched: number;
            /** @description Events the filter turns away (their deliveries would be `filtered`). */
            unmatched: number;
            events: {
                /** Format: uuid */
                event_id: string;
                /** Format: date-time */
                captured_at: string;
                event_type: string | null;
                matched: boolean;
                /** @description Why the body was not read (not JSON, too large); the filter then saw headers and metadata only. */
                reason?: string;
            }[];
        };
        SubscriptionFilterDryRunRequest: {
            /** Format: uuid */
            endpoint_id: string;
            filter: components["schemas"]["SubscriptionFilter"];
            /** @default 20 */
            limit?: number;
        };
        Delivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            destination_id: string;
            /** Format: uuid */
            event_id: string;
            state: components["schemas"]["DeliveryState"];
            attempts: number;
            /** Format: date-time */
            next_attempt_at: string | null;
            last_status: number | null;
            last_error: string | null;
            /**
             * Format: uuid
             * @description The delivery or event this replay re-sends.
             */
            replay_of: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            dead_lettered_at: string | null;
            /** @description The transformation version its last attempt ran; null: sent as captured (or not attempted yet). */
            transformation_version: number | null;
        };
        /** @enum {string} */
        DeliveryState: "pending" | "succeeded" | "dead_lettered" | "cancelled" | "filtered";
        DeliveryDetail: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            destination_id: string;
            /** Format: uuid */
            event_id: string;
            state: components["schemas"]["DeliveryState"];
            attempts: number;
            /** Format: date-time */
            next_attempt_at: string | null;
            last_status: number | null;
            last_error: string | null;
            /**
             * Format: uuid
             * @description The delivery or event this replay re-sends.
             */
            replay_of: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            dead_lettered_at: string | null;
            /** @description The transformation version its last attempt ran; null: sent as captured (or not attempted yet). */
            transformation_version: number | null;
            attempt_log: components["schemas"]["DeliveryAttempt"][];
        };
        DeliveryAttempt: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            status_code: number | null;
            error: string | null;
            /** @description The start of the response body (bounded). */
            response_excerpt: string | null;
        };
        ReplayResult: {
            /** Format: uuid */
            destination_id: string;
            /** @description New deliveries queued, in capture order. */
            replayed: number;
            delivery_ids: string[];
        };
        ReplayRequest: {
            /** Format: uuid */
            destination_id: string;
            event_ids?: string[];
            /** @description Dead-lettered deliveries (of any destination) to send again. */
            delivery_ids?: string[];
            /** Format: date-time */
            from?: string;
            /** Format: date-time */
            to?: string;
            /**
             * Format: uuid
             * @description With from/to: only this endpoint’s events.
             */
            endpoint_id?: string;
        };
        BulkRetryPreview: {
            /** @description Dead letters the selection holds now (those with a pending replay left out). */
            deliveries: number;
            /** @description Distinct events among them. */
            events: number;
            /**
             * Format: date-time
             * @description When the oldest of them was dead-lettered; null when none.
             */
            oldest: string | null;
            /**
             * Format: date-time
             * @description When the newest of them was dead-lettered; null when none.
             */
            newest: string | null;
        };
        BulkRetrySelection: {
            /**
             * Format: uuid
             * @description The destination whose dead letters are sent again (to itself).
             */
            destination_id: string;
            /**
             * Format: date-time
             * @description Dead-lettered at or after this time.
             */
            from?: string;
            /**
             * Format: date-time
             * @description Dead-lettered before this time (default: when the request is made).
             */
            to?: string;
            filter?: components["schemas"]["BulkRetryFilter"];
        };
        BulkRetryFilter: {
            /**
             * Format: uuid
             * @description Only dead letters of events captured on this endpoint.
             */
            endpoint_id?: string;
            /** @description Only events of this type (the type subscriptions filter on: a type header, or the JSON body's type). */
            event_type?: string;
            /** @description Only dead letters whose last attempt was answered with this status (or class). */
            last_status?: number | string;
        };
        BulkRetry: {
            /** Format: uuid */
            id: string;
            state: components["schemas"]["BulkRetryState"];
            selection: components["schemas"]["BulkRetrySelection"];
            /** @description Dead letters the selection held when the job started; null while queued. */
            total: number | null;
            /** @description New deliveries queued so far, in the dead letters’ order. */
            retried: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            cancelled_at: string | null;
            /** @description Why a failed job stopped. */
            error: string | null;
        };
        /** @enum {string} */
        BulkRetryState: "queued" | "running" | "succeeded" | "cancelled" | "failed";
        TriggerWaitResult: {
            /** Format: uuid */
            trigger_id: string;
            trigger: string;
            /** Format: uuid */
            endpoint_id: string;
            events: components["schemas"]["TriggerEvent"][];
            /** @description Pass back as `ack` once these events are processed. With no events, the trigger’s stored position (acknowledging it changes nothing); null only for a trigger that starts with the oldest stored event and has read none (null is taken as no ack). */
            next_cursor: string | null;
            /** @description No further event was waiting after these. */
            caught_up: boolean;
            /** @description The batch stops before an event still being verified. */
            held_by_pending_verification: boolean;
        };
        TriggerEvent: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            received_at: string;
            method: string;
            query: string;
            headers: [
                string,
                string
            ][];
            verification: {
                state: components["schemas"]["VerificationState"];
                cause: string | null;
                provider: string | null;
            };
            /** @description null when verification failed (the body may be forged). */
            body: {
                /** @enum {string} */
                encoding: "utf8" | "base64";
                data: string;
                size: number;
                sha256: string;
            } | {
                /** @enum {boolean} */
                by_reference: true;
                size: number;
                sha256: string;
                fetch: {
                    /** @enum {string} */
                    tool: "events.body";
                    /** Format: uuid */
                    event_id: string;
                };
            } | null;
            body_withheld?: string;
        };
        TriggerWaitRequest: {
            /** Format: uuid */
            endpoint_id: string;
            /** @description The trigger’s name on the endpoint (default `default`); registered on first use. */
            trigger?: string;
            /** @description The `next_cursor` of the previous call, once its events are processed: the stored cursor moves there. Without it (or null) the same events come again. */
            ack?: string | null;
            /** @default 50 */
            limit?: number;
            /**
             * @description When nothing is waiting, wait up to this long and return as soon as an event arrives.
             * @default 0
             */
            wait_seconds?: number;
            /**
             * @description Bodies up to this size come inline; larger ones by reference (GET /v1/events/{event_id}, or the MCP tool events.body).
             * @default 65536
             */
            max_inline_bytes?: number;
            /**
             * @description For a new trigger only: drain from registration on, or from the oldest stored event.
             * @default now
             * @enum {string}
             */
            start?: "now" | "oldest";
        };
        Trigger: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpoint_id: string;
            name: string;
            /**
             * Format: uuid
             * @description The last event the agent acknowledged.
             */
            last_drained_event_id: string | null;
            /** @description The MCP client that registered it, if one did. */
            oauth_client_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Agent: {
            /** Format: uuid */
            id: string;
            client_id: string;
            client_name: string | null;
            /** @description Who consented: `api_key:<id>` or `user:<id>`. */
            authorized_by: string;
            /** Format: date-time */
            created_at: string;
        };
        Usage: {
            plan: {
                /** @enum {string} */
                id: "free" | "pro" | "scale" | "enterprise";
                name: string;
                /** @description Events the plan may capture per period; null = unlimited. */
                event_allowance: number | null;
                /** @description false: the allowance is spent once and never resets (the free plan); true: it resets every calendar month (UTC). */
                allowance_resets: boolean;
                retention_days: number;
            };
            /**
             * Format: date-time
             * @description Start of the counting period; null when the allowance never resets.
             */
            period_start: string | null;
            /** Format: date-time */
            period_end: string | null;
            /** @description Events captured in the period (duplicates included: each was stored). */
            events_captured: number;
            /** @description null = unlimited. */
            events_remaining: number | null;
            /** @description true: ingest answers 429 and stores nothing, because the allowance is spent or an operator paused capture. */
            capture_paused: boolean;
            /** @enum {string|null} */
            paused_reason: "allowance" | "paused" | null;
            /** @description Events captured on each of the last 30 days (UTC), oldest first, today last; days without events count 0. */
            events_per_day: {
                /** Format: date */
                day: string;
                events: number;
            }[];
        };
        CreatedNotificationTarget: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "webhook" | "email";
            url: string | null;
            address: string | null;
            types: components["schemas"]["NotificationType"][];
            description: string | null;
            enabled: boolean;
            /**
             * @description Webhook targets: the end of the signing secret.
             * @example whsec_…a1b2
             */
            secret_hint: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description Webhook targets: the Standard Webhooks signing secret (whsec_...), shown this once; null for email. */
            secret: string | null;
        };
        /** @enum {string} */
        NotificationType: "issue.opened" | "issue.resolved" | "destination.disabled" | "destination.recovered" | "delivery.exhausted" | "endpoint.verification_failing";
        CreateNotificationTargetRequest: {
            /** @enum {string} */
            kind: "webhook" | "email";
            /**
             * Format: uri
             * @description kind webhook: where notifications are POSTed (the same address rules as destinations).
             */
            url?: string;
            /**
             * Format: email
             * @description kind email: where notifications are mailed (needs RELAY_SMTP_URL).
             */
            address?: string;
            /** @description The types this target receives; all of them when left out. */
            types?: components["schemas"]["NotificationType"][];
            description?: string;
        };
        NotificationTarget: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "webhook" | "email";
            url: string | null;
            address: string | null;
            types: components["schemas"]["NotificationType"][];
            description: string | null;
            enabled: boolean;
            /**
             * @description Webhook targets: the end of the signing secret.
             * @example whsec_…a1b2
             */
            secret_hint: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        UpdateNotificationTargetRequest: {
            /**
             * Format: uri
             * @description Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect.
             */
            url?: string;
            /** Format: email */
            address?: string;
            /** @description The types this target receives; all of them when left out. */
            types?: components["schemas"]["NotificationType"][];
            description?: string | null;
            enabled?: boolean;
        };
        Notification: {
            /**
             * Format: uuid
             * @description Also the webhook-id header: the same on every attempt.
             */
            id: string;
            /** Format: uuid */
            target_id: string;
            /** @description One of the notification types, or notification.test. */
            type: string;
            state: components["schemas"]["NotificationState"];
            attempts: number;
            /**
             * Format: date-time
             * @description While pending.
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            last_status: number | null;
            last_error: string | null;
            payload: {
                type: string;
                timestamp: string;
                data: {
                    [key: string]: unknown;
                };
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
        };
        /** @enum {string} */
        NotificationState: "pending" | "sent" | "failed";
        RelayHealth: {
            status: string;
            checks?: {
                [key: string]: "ok" | "failing";
            };
        };
        DashboardSession: {
            signed_in: boolean;
            /** Format: uuid */
            tenant_id: string | null;
            /** @description How audit entries name this session: api_key:<id> or user:<id>. */
            actor: string | null;
            /** @description Send as X-CSRF-Token on every request that changes something. */
            csrf_token: string | null;
            expires_at: string | null;
            /** @description Identity providers configured for browser sign-in (empty: sign in with an API key). */
            sign_in_providers: {
                id: string;
                name: string;
            }[];
        };
        DashboardSignIn: {
            api_key: string;
        };
        OAuthError: {
            error: string;
            error_description?: string;
        };
        CreatedTenant: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            plan: "free" | "pro" | "scale" | "enterprise";
            /** @description true: an operator paused capture; ingest answers 429 and stores nothing. */
            capture_paused: boolean;
            /** @description Events captured in the plan's current period (all time on the free plan). */
            events_captured: number;
            active_api_keys: number;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When an operator deleted it: its data is gone, its keys revoked; its audit log is kept.
             */
            deleted_at: string | null;
            /** @description The tenant's first API key; its secret is shown in this answer only. */
            api_key: {
                /** Format: uuid */
                id: string;
                name: string;
                /**
                 * @description The prefix and last four characters.
                 * @example whk_…a1b2
                 */
                key_hint: string;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                last_used_at: string | null;
                /** Format: date-time */
                revoked_at: string | null;
                /** @description The secret key: shown in this answer only. */
                key: string;
            };
        };
        CreateTenantRequest: {
            name: string;
            /**
             * @default free
             * @enum {string}
             */
            plan?: "free" | "pro" | "scale" | "enterprise";
            /** @default first key */
            api_key_name?: string;
        };
        AdminTenant: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            plan: "free" | "pro" | "scale" | "enterprise";
            /** @description true: an operator paused capture; ingest answers 429 and stores nothing. */
            capture_paused: boolean;
            /** @description Events captured in the plan's current period (all time on the free plan). */
            events_captured: number;
            active_api_keys: number;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When an operator deleted it: its data is gone, its keys revoked; its audit log is kept.
             */
            deleted_at: string | null;
        };
        UpdateTenantRequest: {
            /** @enum {string} */
            plan?: "free" | "pro" | "scale" | "enterprise";
            capture_paused?: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listApiKeys: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listEndpoints: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Endpoint"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    createEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEndpointRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointWithIngestUrl"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Endpoint"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    deleteEndpoint: {
        parameters: {
            query?: {
                /** @description true: remove the endpoint's captured events now, with their checks, deliveries and dead letters (audited with their number). Otherwise they stay for the plan's retention window. */
                purge_events?: "true" | "false";
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    updateEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEndpointRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Endpoint"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getEndpointVolume: {
        parameters: {
            query?: {
                /** @description How far back from now: 1h, 24h (the default) or 7d, the longest. */
                window?: "1h" | "24h" | "7d";
                /** @description The width of each bar of the series (UTC-aligned): 5m, 1h or 1d. Default: 5m for 1h, 1h for 24h, 1d for 7d. */
                bucket?: "5m" | "1h" | "1d";
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointVolume"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getIngestUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestUrl"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    rotateIngestUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestUrl"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listProviderSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ProviderSecret"][];
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    addProviderSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddProviderSecretRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderSecret"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    rotateProviderSecrets: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateProviderSecretRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedProviderSecrets"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    removeProviderSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
                secret_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
                endpoint_id?: string;
                /** @description A verification state, or `pending` for events whose check is still due. */
                state?: "verified" | "authenticated" | "failed" | "unattempted" | "pending";
                /** @description Only events whose verification named this provider (a registry id, e.g. `stripe`). */
                provider?: string;
                /** @description Only events of this type (`invoice.paid`, `push`; docs/event-types.md). */
                event_type?: string;
                from?: string;
                to?: string;
                /** @description With event_type naming one of the tenant's event types: only events that do (true) or do not (false) validate against its schema. A page may then hold fewer than `limit` events while `next_cursor` is set. */
                schema_valid?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EventSummary"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                endpoint_id?: string;
                /** @description A verification state, or `pending` for events whose check is still due. */
                state?: "verified" | "authenticated" | "failed" | "unattempted" | "pending";
                /** @description Only events whose verification named this provider (a registry id, e.g. `stripe`). */
                provider?: string;
                /** @description Only events of this type (`invoice.paid`, `push`; docs/event-types.md). */
                event_type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events. `event: ready` once listening; then `event: event` with an EventSummary as `data` (and its id as the SSE `id`) for each event captured, and again when its verification result is recorded; comments as keep-alives every 15 s. Events of the filters only. A reconnecting client lists what it missed with GET /v1/events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventDetail"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description expired: the event was received before the tenant's retention window (the message names the window) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listEndpointEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointEventTypeList"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listEventTypes: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EventType"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    createEventType: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEventTypeRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventType"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getEventType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_type_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventType"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    deleteEventType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_type_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    updateEventType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                event_type_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEventTypeRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventType"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditEntry"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    verifyAuditChain: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditVerification"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listDestinations: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Destination"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    createDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDestinationRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedDestination"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destination"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    deleteDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    updateDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateDestinationRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destination"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getDestinationHealth: {
        parameters: {
            query?: {
                /** @description How far back from now: 1h, 24h (the default) or 7d, the longest. */
                window?: "1h" | "24h" | "7d";
                /** @description The width of each bar of the series (UTC-aligned): 5m, 1h or 1d. Default: 5m for 1h, 1h for 24h, 1d for 7d. */
                bucket?: "5m" | "1h" | "1d";
            };
            header?: never;
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DestinationHealth"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    rotateDestinationSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateDestinationSecretRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedDestinationSecret"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    revokeDestinationSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                destination_id: string;
                secret_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    pauseDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PauseDestinationRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destination"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    resumeDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destination"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listTransformations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransformationList"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    createTransformation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTransformationRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transformation"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    activateTransformation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivateTransformationRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Destination"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    testTransformation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                destination_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestTransformationRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransformationTestResult"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: the destination, the event or the version does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listIssues: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
                /** @description unresolved: open or acknowledged. */
                state?: "open" | "acknowledged" | "resolved" | "unresolved";
                destination_id?: string;
                endpoint_id?: string;
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Issue"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getIssue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                issue_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Issue"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    acknowledgeIssue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                issue_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Issue"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    resolveIssue: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                issue_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Issue"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
                endpoint_id?: string;
                destination_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Subscription"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubscriptionRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: the endpoint or the destination does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    deleteSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscription_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubscriptionRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    dryRunSubscriptionFilter: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionFilterDryRunRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionFilterDryRunResult"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: the endpoint does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
                state?: components["schemas"]["DeliveryState"];
                destination_id?: string;
                event_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Delivery"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetail"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description expired: the delivery's event was received before the tenant's retention window (the message names the window) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    replay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayResult"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: the destination, an event or a delivery does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description expired: an event named (or a dead letter's event, or the whole from/to range) is before the tenant's retention window (the message names the window) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    previewBulkRetry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkRetrySelection"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkRetryPreview"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: the destination does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listBulkRetries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
                /** @description Only this destination's bulk retries. */
                destination_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BulkRetry"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    startBulkRetry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkRetrySelection"];
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkRetry"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: the destination does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getBulkRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bulk_retry_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkRetry"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    cancelBulkRetry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                bulk_retry_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkRetry"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    waitForTrigger: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TriggerWaitRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TriggerWaitResult"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: the endpoint does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listTriggers: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
                endpoint_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Trigger"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    deleteTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Agent"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    revokeAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listNotificationTargets: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["NotificationTarget"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    createNotificationTarget: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateNotificationTargetRequest"];
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedNotificationTarget"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getNotificationTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationTarget"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    deleteNotificationTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    updateNotificationTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateNotificationTargetRequest"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationTarget"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: a body that is not JSON (Content-Type other than application/json), or an encoding or charset the API does not read */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    testNotificationTarget: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retries with the same key and body get the first answer back (kept 24 h). */
                "Idempotency-Key"?: string;
            };
            path: {
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found (another tenant's resources are not found either) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; or conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description idempotency_key_reused: the Idempotency-Key came with a different request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
                target_id?: string;
                state?: "pending" | "sent" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Notification"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: missing, unknown or revoked API key (or no dashboard session) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a dashboard session's request that changes something without its X-CSRF-Token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayHealth"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayHealth"];
                };
            };
            /** @description A dependency did not answer; the body names it */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayHealth"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    getInstallScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A POSIX shell script */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/x-shellscript": string;
                };
            };
            /** @description not_found: this server has no CLI build to offer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getCliBundle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CLI */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description not_found: this server has no CLI build to offer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    startCliSignIn: {
        parameters: {
            query: {
                /** @description The CLI's one-time loopback URL, http://127.0.0.1:<port>/<path> (localhost and [::1] too); nothing else is accepted. */
                redirect_uri: string;
                /** @description Random; sent back to redirect_uri unchanged. */
                state: string;
                /** @description A configured identity provider id (e.g. github, google). */
                provider?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page to choose the identity provider */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description To the identity provider's authorization endpoint */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: redirect_uri is not a loopback URL, state is malformed, or the provider is unknown */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: browser sign-in is not configured on this server */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    finishCliSignIn: {
        parameters: {
            query: {
                state: string;
                code?: string;
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the CLI's loopback URL: ?state=...&key=whk_... on success, ?state=...&error=...&error_description=... on failure */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the sign-in expired or was already used */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: browser sign-in is not configured on this server */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    openDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /dashboard/ */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getDashboardSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session (signed_in false without one) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
        };
    };
    signInWithApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DashboardSignIn"];
            };
        };
        responses: {
            /** @description Signed in: the session with its CSRF token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardSession"];
                };
            };
            /** @description invalid_request: the body is not {"api_key": "whk_..."} */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: the API key is not valid or has been revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: the request came from another origin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description rate_limited: too many sign-in attempts from this address; wait a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out (or was not signed in) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description forbidden: X-CSRF-Token is missing or is not this session's */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    startDashboardSignIn: {
        parameters: {
            query: {
                /** @description A configured identity provider id (e.g. github, google). */
                provider: string;
                /** @description Where to return after the sign-in: only an MCP consent page of this server (/oauth/consent?request=…); otherwise the dashboard. */
                return_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider's authorization endpoint (sets a short-lived cookie that binds the sign-in to this browser) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the provider is unknown */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: browser sign-in is not configured on this server */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    mcpStream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description POST only */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JSON-RPC answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description A notification, accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No, expired, revoked or foreign token: WWW-Authenticate names the protected-resource metadata */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description The Host or Origin is not this server’s */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    mcpEndSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description POST only */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    getMcpResourceMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description resource, authorization_servers, scopes_supported */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    getResourceMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description resource, authorization_servers, scopes_supported */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    getAuthorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description issuer and endpoints; code flow with S256 PKCE only */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    registerOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client, with its id (and secret, for a confidential client: shown once) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description invalid_client_metadata (a member PostgreSQL cannot store, a client_name with nothing visible) or invalid_redirect_uri (not https, loopback http or an app scheme; a fragment) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    authorizeOAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /oauth/consent; errors are answered here, never redirected to the client */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request, invalid_client, unsupported_response_type or invalid_target (code_challenge: S256, 43 base64url characters) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description server_error: the request could not be stored */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    authorizeOAuthByForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /oauth/consent; errors are answered here, never redirected to the client */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request, invalid_client, unsupported_response_type or invalid_target (code_challenge: S256, 43 base64url characters) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description server_error: the request could not be stored */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    showOAuthConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found: the request expired or was answered */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    answerOAuthConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Back to the client: code and state, or error=access_denied */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The API key opens no tenant (the page again, with the reason) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description forbidden: another site’s form, or a stale CSRF token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: the request expired or was answered */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    getOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description access_token, token_type, expires_in, refresh_token, scope */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description invalid_grant (a code or refresh token presented again also revokes what it issued), invalid_request, ... */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description invalid_client */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    revokeOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description {} */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description invalid_client */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
        };
    };
    adminListTenants: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tenants */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AdminTenant"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: no Authorization header, or not the admin key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a tenant's API key (whk_...) never opens /admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: no such tenant, or administration is off (RELAY_ADMIN_API_KEY unset) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    adminCreateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTenantRequest"];
            };
        };
        responses: {
            /** @description Created; the key’s secret is in this answer only */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTenant"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: no Authorization header, or not the admin key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a tenant's API key (whk_...) never opens /admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: no such tenant, or administration is off (RELAY_ADMIN_API_KEY unset) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    adminGetTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTenant"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: no Authorization header, or not the admin key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a tenant's API key (whk_...) never opens /admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: no such tenant, or administration is off (RELAY_ADMIN_API_KEY unset) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    adminDeleteTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (or already deleted) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: no Authorization header, or not the admin key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a tenant's API key (whk_...) never opens /admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: no such tenant, or administration is off (RELAY_ADMIN_API_KEY unset) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    adminUpdateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTenantRequest"];
            };
        };
        responses: {
            /** @description The tenant as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTenant"];
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: no Authorization header, or not the admin key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a tenant's API key (whk_...) never opens /admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: no such tenant, or administration is off (RELAY_ADMIN_API_KEY unset) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description conflict: the tenant was deleted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description payload_too_large: body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    adminListTenantApiKeys: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Opaque: the next_cursor of the page before. */
                cursor?: string;
            };
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        /** @description null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: no Authorization header, or not the admin key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a tenant's API key (whk_...) never opens /admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: no such tenant, or administration is off (RELAY_ADMIN_API_KEY unset) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
    adminRevokeTenantApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (or already revoked) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request: the message names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unauthorized: no Authorization header, or not the admin key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description forbidden: a tenant's API key (whk_...) never opens /admin */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description not_found: no such tenant, or administration is off (RELAY_ADMIN_API_KEY unset) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description internal: the request id in X-Request-Id finds it in the logs */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
            /** @description unavailable: the database did not answer; retry */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelayError"];
                };
            };
        };
    };
}
