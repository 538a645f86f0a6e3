// Generated from packages/relay-client-generator/openapi.json by `pnpm clients:generate`. Do not edit by hand.

package webhookrelay

// CreatedApiKey is a schema of the API.
type CreatedApiKey struct {
	ID string `json:"id"`
	Name string `json:"name"`
	// The prefix and last four characters.
	KeyHint string `json:"key_hint"`
	CreatedAt string `json:"created_at"`
	LastUsedAt *string `json:"last_used_at"`
	RevokedAt *string `json:"revoked_at"`
	// The secret key: shown in this answer only.
	Key string `json:"key"`
}

// RelayErrorError is a schema of the API.
type RelayErrorError struct {
	Code string `json:"code"`
	Message string `json:"message"`
}

// RelayError: Every error answer.
type RelayError struct {
	Error RelayErrorError `json:"error"`
}

// CreateApiKeyRequest is a schema of the API.
type CreateApiKeyRequest struct {
	Name string `json:"name"`
}

// ApiKey is a schema of the API.
type ApiKey struct {
	ID string `json:"id"`
	Name string `json:"name"`
	// The prefix and last four characters.
	KeyHint string `json:"key_hint"`
	CreatedAt string `json:"created_at"`
	LastUsedAt *string `json:"last_used_at"`
	RevokedAt *string `json:"revoked_at"`
}

// EndpointWithIngestUrlDedup is a schema of the API.
type EndpointWithIngestUrlDedup struct {
	Strategy string `json:"strategy"`
	Fields []string `json:"fields,omitempty"`
	WindowSeconds *int64 `json:"window_seconds,omitempty"`
}

// EndpointWithIngestUrl is a schema of the API.
type EndpointWithIngestUrl struct {
	ID string `json:"id"`
	Name string `json:"name"`
	Provider *string `json:"provider"`
	Dedup *EndpointWithIngestUrlDedup `json:"dedup"`
	// The ingest URL with its token masked, or null.
	IngestURLHint *string `json:"ingest_url_hint"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
	// {ingest_url}/<token>: a credential; treat it as a secret.
	IngestURL string `json:"ingest_url"`
}

// CreateEndpointRequest is a schema of the API.
type CreateEndpointRequest struct {
	Name string `json:"name"`
	Provider *Nullable[string] `json:"provider,omitempty"`
	Dedup *Nullable[EndpointDedup] `json:"dedup,omitempty"`
}

// EndpointDedup is a schema of the API.
type EndpointDedup struct {
	Strategy string `json:"strategy"`
	Fields []string `json:"fields,omitempty"`
	WindowSeconds *int64 `json:"window_seconds,omitempty"`
}

// Endpoint is a schema of the API.
type Endpoint struct {
	ID string `json:"id"`
	Name string `json:"name"`
	Provider *string `json:"provider"`
	Dedup *EndpointDedup `json:"dedup"`
	// The ingest URL with its token masked, or null.
	IngestURLHint *string `json:"ingest_url_hint"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// EndpointVolumeTotals: The sums of the series.
type EndpointVolumeTotals struct {
	// Events captured in this bucket (repeats included: each was stored).
	Events int64 `json:"events"`
	// Their signature checked out.
	Verified int64 `json:"verified"`
	// Authenticated another way (a token, Basic).
	Authenticated int64 `json:"authenticated"`
	// The check failed.
	Failed int64 `json:"failed"`
	// Not checked (no provider, or no secret).
	Unattempted int64 `json:"unattempted"`
	// The check has not run yet.
	Pending int64 `json:"pending"`
	// Repeats of an earlier event (stored, never delivered twice).
	Duplicates int64 `json:"duplicates"`
}

// EndpointVolume is a schema of the API.
type EndpointVolume struct {
	EndpointID string `json:"endpoint_id"`
	Window string `json:"window"`
	Bucket string `json:"bucket"`
	// Start of what is counted: now minus the window, or the start of the account's retention window if that is later.
	From string `json:"from"`
	// Now, when the figures were read.
	To string `json:"to"`
	// The sums of the series.
	Totals EndpointVolumeTotals `json:"totals"`
	// Per bucket, oldest first, every bucket of the window (zeros included).
	Series []EndpointVolumeBucket `json:"series"`
}

// EndpointVolumeBucket is a schema of the API.
type EndpointVolumeBucket struct {
	Start string `json:"start"`
	// Events captured in this bucket (repeats included: each was stored).
	Events int64 `json:"events"`
	// Their signature checked out.
	Verified int64 `json:"verified"`
	// Authenticated another way (a token, Basic).
	Authenticated int64 `json:"authenticated"`
	// The check failed.
	Failed int64 `json:"failed"`
	// Not checked (no provider, or no secret).
	Unattempted int64 `json:"unattempted"`
	// The check has not run yet.
	Pending int64 `json:"pending"`
	// Repeats of an earlier event (stored, never delivered twice).
	Duplicates int64 `json:"duplicates"`
}

// UpdateEndpointRequest is a schema of the API.
type UpdateEndpointRequest struct {
	Name *string `json:"name,omitempty"`
	Provider *Nullable[string] `json:"provider,omitempty"`
	Dedup *Nullable[EndpointDedup] `json:"dedup,omitempty"`
}

// IngestUrl is a schema of the API.
type IngestUrl struct {
	// {ingest_url}/<token>: a credential; treat it as a secret.
	IngestURL string `json:"ingest_url"`
}

// ProviderSecret is a schema of the API.
type ProviderSecret struct {
	ID string `json:"id"`
	Label *string `json:"label"`
	// The last four characters (none for short secrets).
	SecretHint string `json:"secret_hint"`
	CreatedAt string `json:"created_at"`
	ExpiresAt *string `json:"expires_at"`
	Active bool `json:"active"`
}

// AddProviderSecretRequest is a schema of the API.
type AddProviderSecretRequest struct {
	Secret string `json:"secret"`
	Label *string `json:"label,omitempty"`
	ExpiresAt *string `json:"expires_at,omitempty"`
}

// RotatedProviderSecrets is a schema of the API.
type RotatedProviderSecrets struct {
	Secret ProviderSecret `json:"secret"`
	Previous []ProviderSecret `json:"previous"`
}

// RotateProviderSecretRequest is a schema of the API.
type RotateProviderSecretRequest struct {
	Secret string `json:"secret"`
	Label *string `json:"label,omitempty"`
	PreviousExpireInSeconds *int64 `json:"previous_expire_in_seconds,omitempty"`
}

// EventSummaryVerification is a schema of the API.
type EventSummaryVerification struct {
	// The final verification state; null while the check is still due (`pending`).
	State *string `json:"state"`
	Cause *string `json:"cause"`
	// True while the event waits for its signature check (its endpoint has a provider); `state` is null until then.
	Pending bool `json:"pending"`
}

// EventSummary is a schema of the API.
type EventSummary struct {
	ID string `json:"id"`
	EndpointID string `json:"endpoint_id"`
	ReceivedAt string `json:"received_at"`
	// Capture number: the order deliveries follow (docs/delivery-order.md), which receipt times may not show (replicas’ clocks, up to a few hundred ms). Lists are ordered by it, newest first; null for events captured before capture numbers existed, listed after the numbered ones.
	CaptureSeq *int64 `json:"capture_seq"`
	Method string `json:"method"`
	ContentType *string `json:"content_type"`
	// Body size in bytes.
	Size int64 `json:"size"`
	Provider *string `json:"provider"`
	Verification EventSummaryVerification `json:"verification"`
	// The first capture of the same delivery, when this one repeats it.
	DuplicateOf *string `json:"duplicate_of"`
	// Its type, from where its provider puts it (docs/event-types.md); null when the request carries none.
	EventType *string `json:"event_type"`
}

// EventDetailVerification is a schema of the API.
type EventDetailVerification struct {
	// The final verification state; null while the check is still due (`pending`).
	State *string `json:"state"`
	Cause *string `json:"cause"`
	// True while the event waits for its signature check; `state` is null until then.
	Pending bool `json:"pending"`
	Detail map[string]any `json:"detail"`
	MatchedSecretID *string `json:"matched_secret_id"`
	VerifiedAt *string `json:"verified_at"`
}

// EventDetailBody is a schema of the API.
type EventDetailBody struct {
	// utf8 when the bytes are valid UTF-8, base64 otherwise.
	Encoding string `json:"encoding"`
	Data string `json:"data"`
	SHA256 string `json:"sha256"`
}

// EventDetailSchemaCheck: Whether the body validates against the schema of the tenant's event type of this name; null when there is none.
type EventDetailSchemaCheck struct {
	EventTypeID string `json:"event_type_id"`
	Valid bool `json:"valid"`
	// The first reason it does not validate (`/amount must be integer`).
	Error *string `json:"error"`
}

// EventDetail is a schema of the API.
type EventDetail struct {
	ID string `json:"id"`
	EndpointID string `json:"endpoint_id"`
	ReceivedAt string `json:"received_at"`
	// Capture number: the order deliveries follow (docs/delivery-order.md), which receipt times may not show (replicas’ clocks, up to a few hundred ms). Lists are ordered by it, newest first; null for events captured before capture numbers existed, listed after the numbered ones.
	CaptureSeq *int64 `json:"capture_seq"`
	Method string `json:"method"`
	ContentType *string `json:"content_type"`
	// Body size in bytes.
	Size int64 `json:"size"`
	Provider *string `json:"provider"`
	Verification EventDetailVerification `json:"verification"`
	// The first capture of the same delivery, when this one repeats it.
	DuplicateOf *string `json:"duplicate_of"`
	// Its type, from where its provider puts it (docs/event-types.md); null when the request carries none.
	EventType *string `json:"event_type"`
	// The path the sender called, its ingest token masked as in `ingest_url_hint` (`/whep_…9Ga4/sub/path`): the token is a credential and is not stored with events.
	Path string `json:"path"`
	Query string `json:"query"`
	// Name/value pairs in arrival order.
	Headers [][]string `json:"headers"`
	SourceAddress *string `json:"source_address"`
	Body EventDetailBody `json:"body"`
	// Whether the body validates against the schema of the tenant's event type of this name; null when there is none.
	SchemaCheck *EventDetailSchemaCheck `json:"schema_check"`
}

// EndpointEventTypeList is a schema of the API.
type EndpointEventTypeList struct {
	Data []EndpointEventType `json:"data"`
}

// EndpointEventType is a schema of the API.
type EndpointEventType struct {
	EventType string `json:"event_type"`
	// Events of this type the endpoint holds (within the tenant's retention window).
	Count int64 `json:"count"`
	FirstSeenAt string `json:"first_seen_at"`
	LastSeenAt string `json:"last_seen_at"`
	// The tenant’s custom event type of this name, when there is one.
	SchemaID *string `json:"schema_id"`
}

// EventType is a schema of the API.
type EventType struct {
	ID string `json:"id"`
	Name string `json:"name"`
	Description *string `json:"description"`
	Schema map[string]any `json:"schema"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// CreateEventTypeRequest is a schema of the API.
type CreateEventTypeRequest struct {
	Name string `json:"name"`
	// A JSON Schema (draft 2020-12 by default; draft-07 when its `$schema` says so).
	Schema map[string]any `json:"schema"`
	Description *string `json:"description,omitempty"`
}

// UpdateEventTypeRequest is a schema of the API.
type UpdateEventTypeRequest struct {
	// A JSON Schema (draft 2020-12 by default; draft-07 when its `$schema` says so).
	Schema map[string]any `json:"schema,omitempty"`
	Description *Nullable[string] `json:"description,omitempty"`
}

// AuditEntryTarget is a schema of the API.
type AuditEntryTarget struct {
	Type string `json:"type"`
	ID *string `json:"id"`
}

// AuditEntry is a schema of the API.
type AuditEntry struct {
	ID string `json:"id"`
	Seq int64 `json:"seq"`
	Actor string `json:"actor"`
	Action string `json:"action"`
	Target AuditEntryTarget `json:"target"`
	Details map[string]any `json:"details"`
	CreatedAt string `json:"created_at"`
	// hash of the entry before (64 zeros for the first).
	PrevHash string `json:"prev_hash"`
	// sha256(prev_hash || canonical entry), hex.
	Hash string `json:"hash"`
}

// AuditVerificationFirstBroken is a schema of the API.
type AuditVerificationFirstBroken struct {
	Seq int64 `json:"seq"`
	ID string `json:"id"`
	Reason string `json:"reason"`
}

// AuditVerification is a schema of the API.
type AuditVerification struct {
	Intact bool `json:"intact"`
	// Entries checked before the first broken one (all of them when intact, the ones found when the head does not match).
	Entries int64 `json:"entries"`
	LastHash *string `json:"last_hash"`
	FirstBroken *AuditVerificationFirstBroken `json:"first_broken"`
	AnchorMismatch *AuditAnchorMismatch `json:"anchor_mismatch"`
}

// AuditAnchorMismatch: The chain holds link by link but does not end at the tenant's anchored head (entry count and last hash, moved forward with every append and never back by the service).
type AuditAnchorMismatch struct {
	// truncated: the newest entries were deleted; rewritten: the chain ends in another hash than the head; beyond_anchor: entries the head does not count; anchor_missing: entries but no head.
	Cause string `json:"cause"`
	// What was expected and what was found, e.g. "expected 9 entries ending in hash …, found 7 …".
	Reason string `json:"reason"`
	// Entries the anchored head counts.
	ExpectedEntries int64 `json:"expected_entries"`
	ExpectedLastHash *string `json:"expected_last_hash"`
	FoundEntries int64 `json:"found_entries"`
	FoundLastHash *string `json:"found_last_hash"`
}

// CreatedDestination is a schema of the API.
type CreatedDestination struct {
	ID string `json:"id"`
	Name string `json:"name"`
	URL string `json:"url"`
	HeaderNames []string `json:"header_names"`
	TimeoutMS int64 `json:"timeout_ms"`
	Enabled bool `json:"enabled"`
	// Why it is off (enabled false): turned off by hand, the destination answered 410, or it kept failing past its breaker.
	DisabledReason *string `json:"disabled_reason"`
	// Paused by hand: events still reach its queue, which holds in order until it is resumed.
	PausedAt *string `json:"paused_at"`
	PausedReason *string `json:"paused_reason"`
	RateLimit *DestinationRateLimit `json:"rate_limit"`
	Breaker DestinationBreaker `json:"breaker"`
	// The active transformation version (docs/transformations.md); null: deliveries go as captured.
	TransformationVersion *int64 `json:"transformation_version"`
	Secrets []DestinationSecret `json:"secrets"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
	// The signing secret, shown this once (whsec_...).
	Secret string `json:"secret"`
}

// DestinationRateLimit: At most `max` deliveries per second or per minute, kept across every worker process; null: no limit.
type DestinationRateLimit struct {
	Max int64 `json:"max"`
	Per string `json:"per"`
}

// DestinationBreaker is a schema of the API.
type DestinationBreaker struct {
	// closed: deliveries flow. open: the head of the queue waits for its next probe, nothing is dead-lettered. half_open: the probe is due or being sent; its success closes the breaker.
	State string `json:"state"`
	ConsecutiveFailures int64 `json:"consecutive_failures"`
	FailingSince *string `json:"failing_since"`
	OpenedAt *string `json:"opened_at"`
	NextProbeAt *string `json:"next_probe_at"`
	Failures int64 `json:"failures"`
	WindowSeconds int64 `json:"window_seconds"`
	DisableAfterHours int64 `json:"disable_after_hours"`
}

// DestinationSecret is a schema of the API.
type DestinationSecret struct {
	ID string `json:"id"`
	Label *string `json:"label"`
	SecretHint string `json:"secret_hint"`
	CreatedAt string `json:"created_at"`
	ExpiresAt *string `json:"expires_at"`
	Active bool `json:"active"`
}

// CreateDestinationRequest is a schema of the API.
type CreateDestinationRequest struct {
	Name string `json:"name"`
	// Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect.
	URL string `json:"url"`
	// Extra request headers (stored encrypted; only their names are shown back).
	Headers map[string]string `json:"headers,omitempty"`
	TimeoutMS *int64 `json:"timeout_ms,omitempty"`
	Enabled *bool `json:"enabled,omitempty"`
	// A Standard Webhooks secret; one is generated when absent.
	Secret *string `json:"secret,omitempty"`
	RateLimit *Nullable[DestinationRateLimit] `json:"rate_limit,omitempty"`
	Breaker *BreakerSettings `json:"breaker,omitempty"`
}

// BreakerSettings is a schema of the API.
type BreakerSettings struct {
	// Failures of the destination in a row that open the breaker (default 5)...
	Failures *int64 `json:"failures,omitempty"`
	// ...once they have lasted this long (default 300).
	WindowSeconds *int64 `json:"window_seconds,omitempty"`
	// Failing this long turns the destination off, with a notification (default 120: 5 days).
	DisableAfterHours *int64 `json:"disable_after_hours,omitempty"`
}

// Destination is a schema of the API.
type Destination struct {
	ID string `json:"id"`
	Name string `json:"name"`
	URL string `json:"url"`
	HeaderNames []string `json:"header_names"`
	TimeoutMS int64 `json:"timeout_ms"`
	Enabled bool `json:"enabled"`
	// Why it is off (enabled false): turned off by hand, the destination answered 410, or it kept failing past its breaker.
	DisabledReason *string `json:"disabled_reason"`
	// Paused by hand: events still reach its queue, which holds in order until it is resumed.
	PausedAt *string `json:"paused_at"`
	PausedReason *string `json:"paused_reason"`
	RateLimit *DestinationRateLimit `json:"rate_limit"`
	Breaker DestinationBreaker `json:"breaker"`
	// The active transformation version (docs/transformations.md); null: deliveries go as captured.
	TransformationVersion *int64 `json:"transformation_version"`
	Secrets []DestinationSecret `json:"secrets"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// DestinationHealthDeliveries: Deliveries created in the window, by their state now.
type DestinationHealthDeliveries struct {
	// Deliveries created in the window (replays included).
	Total int64 `json:"total"`
	// Delivered.
	Succeeded int64 `json:"succeeded"`
	// Still pending after at least one failed attempt.
	Retrying int64 `json:"retrying"`
	// Not attempted yet.
	Pending int64 `json:"pending"`
	// Failed for good.
	DeadLettered int64 `json:"dead_lettered"`
	// Cancelled (their destination or endpoint was deleted).
	Cancelled int64 `json:"cancelled"`
}

// DestinationHealthAttempts: The attempts of the window's deliveries.
type DestinationHealthAttempts struct {
	// Attempts.
	Total int64 `json:"total"`
	// Answered 2xx.
	Succeeded int64 `json:"succeeded"`
	// Failed.
	Failed int64 `json:"failed"`
}

// DestinationHealthLatencyMs: Duration of those attempts (request sent to answer read or failure), median and 95th percentile; null without attempts.
type DestinationHealthLatencyMs struct {
	P50 int64 `json:"p50"`
	P95 int64 `json:"p95"`
}

// DestinationHealthLastFailure: The newest failed attempt of those deliveries; null when none failed.
type DestinationHealthLastFailure struct {
	At string `json:"at"`
	DeliveryID string `json:"delivery_id"`
	StatusCode *int64 `json:"status_code"`
	Error *string `json:"error"`
	// The start of the answer, as the delivery detail shows it (bounded).
	ResponseExcerpt *string `json:"response_excerpt"`
}

// DestinationHealthBacklog: The destination's queue now.
type DestinationHealthBacklog struct {
	// Deliveries waiting now (whatever their age), counted up to 10,000.
	Pending int64 `json:"pending"`
	// true: more than 10,000 are waiting.
	More bool `json:"more"`
	// When the head of the queue was created.
	OldestPendingAt *string `json:"oldest_pending_at"`
}

// DestinationHealth is a schema of the API.
type DestinationHealth struct {
	DestinationID string `json:"destination_id"`
	Window string `json:"window"`
	Bucket string `json:"bucket"`
	// Start of what is counted: now minus the window, or the start of the account's retention window if that is later.
	From string `json:"from"`
	// Now, when the figures were read.
	To string `json:"to"`
	// Deliveries created in the window, by their state now.
	Deliveries DestinationHealthDeliveries `json:"deliveries"`
	// succeeded / (succeeded + dead_lettered) of those deliveries; null when none has finished.
	SuccessRate *float64 `json:"success_rate"`
	// The attempts of the window's deliveries.
	Attempts DestinationHealthAttempts `json:"attempts"`
	// Duration of those attempts (request sent to answer read or failure), median and 95th percentile; null without attempts.
	LatencyMS *DestinationHealthLatencyMs `json:"latency_ms"`
	// The newest failed attempt of those deliveries; null when none failed.
	LastFailure *DestinationHealthLastFailure `json:"last_failure"`
	// The destination's queue now.
	Backlog DestinationHealthBacklog `json:"backlog"`
	// Attempts per bucket, oldest first, every bucket of the window (zeros included).
	Series []DestinationHealthBucket `json:"series"`
}

// DestinationHealthBucket is a schema of the API.
type DestinationHealthBucket struct {
	Start string `json:"start"`
	// Attempts that started in this bucket and were answered 2xx.
	Succeeded int64 `json:"succeeded"`
	// Attempts that started in this bucket and failed (an answer other than 2xx, a timeout, a refused connection).
	Failed int64 `json:"failed"`
}

// UpdateDestinationRequest is a schema of the API.
type UpdateDestinationRequest struct {
	Name *string `json:"name,omitempty"`
	// Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect.
	URL *string `json:"url,omitempty"`
	// Extra request headers (stored encrypted; only their names are shown back).
	Headers map[string]string `json:"headers,omitempty"`
	TimeoutMS *int64 `json:"timeout_ms,omitempty"`
	Enabled *bool `json:"enabled,omitempty"`
	RateLimit *Nullable[DestinationRateLimit] `json:"rate_limit,omitempty"`
	Breaker *BreakerSettings `json:"breaker,omitempty"`
}

// RotatedDestinationSecret is a schema of the API.
type RotatedDestinationSecret struct {
	// The new signing secret, shown this once.
	Secret string `json:"secret"`
	Created DestinationSecret `json:"created"`
	Previous []DestinationSecret `json:"previous"`
}

// RotateDestinationSecretRequest is a schema of the API.
type RotateDestinationSecretRequest struct {
	Secret *string `json:"secret,omitempty"`
	Label *string `json:"label,omitempty"`
	PreviousExpireInSeconds *int64 `json:"previous_expire_in_seconds,omitempty"`
}

// PauseDestinationRequest is a schema of the API.
type PauseDestinationRequest struct {
	Reason *string `json:"reason,omitempty"`
}

// Transformation is a schema of the API.
type Transformation struct {
	ID string `json:"id"`
	DestinationID string `json:"destination_id"`
	// Numbered 1, 2, 3… per destination; a version is never changed once written.
	Version int64 `json:"version"`
	Code string `json:"code"`
	// The destination's deliveries run this version.
	Active bool `json:"active"`
	CreatedAt string `json:"created_at"`
	CreatedBy *string `json:"created_by"`
}

// CreateTransformationRequest is a schema of the API.
type CreateTransformationRequest struct {
	// A JavaScript function expression `(request) => request`. It receives {method, path, headers, body} (body parsed when the event is JSON) and returns the request to send, or null to drop the delivery.
	Code string `json:"code"`
	// Make this version the active one at once (default false: test it first, then activate).
	Activate *bool `json:"activate,omitempty"`
}

// TransformationList is a schema of the API.
type TransformationList struct {
	// null: deliveries go as captured.
	ActiveVersion *int64 `json:"active_version"`
	// Newest version first.
	Data []Transformation `json:"data"`
}

// ActivateTransformationRequest is a schema of the API.
type ActivateTransformationRequest struct {
	// The version deliveries run from now on; null detaches the transformation (deliveries go as captured).
	Version *int64 `json:"version"`
}

// TransformationTestResultRequest is a schema of the API.
type TransformationTestResultRequest struct {
	Method string `json:"method"`
	URL string `json:"url"`
	// The transformation's headers (the destination's own, stored encrypted, are added when sent).
	Headers map[string]string `json:"headers"`
	// The body as it would be sent (and signed).
	Body string `json:"body"`
}

// TransformationTestResult is a schema of the API.
type TransformationTestResult struct {
	// send: the request below would be sent; dropped: the function returned null; failed: it threw or hit a limit.
	Outcome string `json:"outcome"`
	Request *TransformationTestResultRequest `json:"request"`
	// Why it failed, naming the limit it hit.
	Error *string `json:"error"`
	// What console.log printed (at most 50 lines of 1,000 characters).
	Logs []string `json:"logs"`
	DurationMS float64 `json:"duration_ms"`
}

// TestTransformationRequest is a schema of the API.
type TestTransformationRequest struct {
	// A captured event of an endpoint this destination is subscribed to (or any of yours).
	EventID string `json:"event_id"`
	// A JavaScript function expression `(request) => request`. It receives {method, path, headers, body} (body parsed when the event is JSON) and returns the request to send, or null to drop the delivery.
	Code *string `json:"code,omitempty"`
	Version *int64 `json:"version,omitempty"`
}

// Issue is a schema of the API.
type Issue struct {
	ID string `json:"id"`
	DestinationID *string `json:"destination_id"`
	EndpointID *string `json:"endpoint_id"`
	Kind IssueKind `json:"kind"`
	State IssueState `json:"state"`
	// Failures grouped in it.
	Count int64 `json:"count"`
	FirstSeenAt string `json:"first_seen_at"`
	LastSeenAt string `json:"last_seen_at"`
	LastStatus *int64 `json:"last_status"`
	LastError *string `json:"last_error"`
	// The start of the last failing answer's body.
	LastExcerpt *string `json:"last_excerpt"`
	LastDeliveryID *string `json:"last_delivery_id"`
	LastEventID *string `json:"last_event_id"`
	AcknowledgedAt *string `json:"acknowledged_at"`
	AcknowledgedBy *string `json:"acknowledged_by"`
	ResolvedAt *string `json:"resolved_at"`
	// system:delivery or system:verification when it resolved by itself.
	ResolvedBy *string `json:"resolved_by"`
}

// IssueKind: Delivery failures of a destination by cause, or verification_failed: an endpoint's captured requests fail signature verification (a provider secret rotated and not updated, say). transformation_failed: the destination's transformation threw or exceeded its limits (not the receiver's failure: it does not count towards the circuit breaker).
type IssueKind string

const (
	IssueKindConnectionRefused IssueKind = "connection_refused"
	IssueKindConnectionError IssueKind = "connection_error"
	IssueKindTls IssueKind = "tls"
	IssueKindTimeout IssueKind = "timeout"
	IssueKindEgressRefused IssueKind = "egress_refused"
	IssueKindHttp5xx IssueKind = "http_5xx"
	IssueKindHttp429 IssueKind = "http_429"
	IssueKindRedirect IssueKind = "redirect"
	IssueKindHttp4xx IssueKind = "http_4xx"
	IssueKindGone IssueKind = "gone"
	IssueKindVerificationFailed IssueKind = "verification_failed"
	IssueKindTransformationFailed IssueKind = "transformation_failed"
)

// IssueState is a schema of the API.
type IssueState string

const (
	IssueStateOpen IssueState = "open"
	IssueStateAcknowledged IssueState = "acknowledged"
	IssueStateResolved IssueState = "resolved"
)

// Subscription is a schema of the API.
type Subscription struct {
	ID string `json:"id"`
	EndpointID string `json:"endpoint_id"`
	DestinationID string `json:"destination_id"`
	// Verification states forwarded; empty = all.
	States []VerificationState `json:"states"`
	// Provider event types forwarded; empty = all.
	EventTypes []string `json:"event_types"`
	// Only events this query matches are sent; the others get a `filtered` delivery. null = every event.
	Filter map[string]any `json:"filter"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// VerificationState is a schema of the API.
type VerificationState string

const (
	VerificationStateVerified VerificationState = "verified"
	VerificationStateAuthenticated VerificationState = "authenticated"
	VerificationStateFailed VerificationState = "failed"
	VerificationStateUnattempted VerificationState = "unattempted"
)

// CreateSubscriptionRequest is a schema of the API.
type CreateSubscriptionRequest struct {
	EndpointID string `json:"endpoint_id"`
	DestinationID string `json:"destination_id"`
	States []VerificationState `json:"states,omitempty"`
	EventTypes []string `json:"event_types,omitempty"`
	Filter *Nullable[SubscriptionFilter] `json:"filter,omitempty"`
}

// SubscriptionFilter: A MongoDB-style query over {body, headers, query, provider, state, event_type} (docs/filters.md): $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $and, $or, $nor, $not, $all, $elemMatch, $size, dotted paths and array matching. At most 8 KiB and 10 levels.
type SubscriptionFilter map[string]any

// UpdateSubscriptionRequest is a schema of the API.
type UpdateSubscriptionRequest struct {
	Filter *Nullable[SubscriptionFilter] `json:"filter,omitempty"`
}

// SubscriptionFilterDryRunResultEventsItem is a schema of the API.
type SubscriptionFilterDryRunResultEventsItem struct {
	EventID string `json:"event_id"`
	CapturedAt string `json:"captured_at"`
	EventType *string `json:"event_type"`
	Matched bool `json:"matched"`
	// Why the body was not read (not JSON, too large); the filter then saw headers and metadata only.
	Reason *string `json:"reason,omitempty"`
}

// SubscriptionFilterDryRunResult is a schema of the API.
type SubscriptionFilterDryRunResult struct {
	EndpointID string `json:"endpoint_id"`
	// Events the filter lets through.
	Matched int64 `json:"matched"`
	// Events the filter turns away (their deliveries would be `filtered`).
	Unmatched int64 `json:"unmatched"`
	Events []SubscriptionFilterDryRunResultEventsItem `json:"events"`
}

// SubscriptionFilterDryRunRequest is a schema of the API.
type SubscriptionFilterDryRunRequest struct {
	EndpointID string `json:"endpoint_id"`
	Filter *SubscriptionFilter `json:"filter"`
	Limit *int64 `json:"limit,omitempty"`
}

// Delivery is a schema of the API.
type Delivery struct {
	ID string `json:"id"`
	DestinationID string `json:"destination_id"`
	EventID string `json:"event_id"`
	State DeliveryState `json:"state"`
	Attempts int64 `json:"attempts"`
	NextAttemptAt *string `json:"next_attempt_at"`
	LastStatus *int64 `json:"last_status"`
	LastError *string `json:"last_error"`
	// The delivery or event this replay re-sends.
	ReplayOf *string `json:"replay_of"`
	CreatedAt string `json:"created_at"`
	CompletedAt *string `json:"completed_at"`
	DeadLetteredAt *string `json:"dead_lettered_at"`
	// The transformation version its last attempt ran; null: sent as captured (or not attempted yet).
	TransformationVersion *int64 `json:"transformation_version"`
}

// DeliveryState is a schema of the API.
type DeliveryState string

const (
	DeliveryStatePending DeliveryState = "pending"
	DeliveryStateSucceeded DeliveryState = "succeeded"
	DeliveryStateDeadLettered DeliveryState = "dead_lettered"
	DeliveryStateCancelled DeliveryState = "cancelled"
	DeliveryStateFiltered DeliveryState = "filtered"
)

// DeliveryDetail is a schema of the API.
type DeliveryDetail struct {
	ID string `json:"id"`
	DestinationID string `json:"destination_id"`
	EventID string `json:"event_id"`
	State DeliveryState `json:"state"`
	Attempts int64 `json:"attempts"`
	NextAttemptAt *string `json:"next_attempt_at"`
	LastStatus *int64 `json:"last_status"`
	LastError *string `json:"last_error"`
	// The delivery or event this replay re-sends.
	ReplayOf *string `json:"replay_of"`
	CreatedAt string `json:"created_at"`
	CompletedAt *string `json:"completed_at"`
	DeadLetteredAt *string `json:"dead_lettered_at"`
	// The transformation version its last attempt ran; null: sent as captured (or not attempted yet).
	TransformationVersion *int64 `json:"transformation_version"`
	AttemptLog []DeliveryAttempt `json:"attempt_log"`
}

// DeliveryAttempt is a schema of the API.
type DeliveryAttempt struct {
	ID string `json:"id"`
	StartedAt string `json:"started_at"`
	DurationMS int64 `json:"duration_ms"`
	StatusCode *int64 `json:"status_code"`
	Error *string `json:"error"`
	// The start of the response body (bounded).
	ResponseExcerpt *string `json:"response_excerpt"`
}

// ReplayResult is a schema of the API.
type ReplayResult struct {
	DestinationID string `json:"destination_id"`
	// New deliveries queued, in capture order.
	Replayed int64 `json:"replayed"`
	DeliveryIDs []string `json:"delivery_ids"`
}

// ReplayRequest is a schema of the API.
type ReplayRequest struct {
	DestinationID string `json:"destination_id"`
	EventIDs []string `json:"event_ids,omitempty"`
	// Dead-lettered deliveries (of any destination) to send again.
	DeliveryIDs []string `json:"delivery_ids,omitempty"`
	From *string `json:"from,omitempty"`
	To *string `json:"to,omitempty"`
	// With from/to: only this endpoint’s events.
	EndpointID *string `json:"endpoint_id,omitempty"`
}

// BulkRetryPreview is a schema of the API.
type BulkRetryPreview struct {
	// Dead letters the selection holds now (those with a pending replay left out).
	Deliveries int64 `json:"deliveries"`
	// Distinct events among them.
	Events int64 `json:"events"`
	// When the oldest of them was dead-lettered; null when none.
	Oldest *string `json:"oldest"`
	// When the newest of them was dead-lettered; null when none.
	Newest *string `json:"newest"`
}

// BulkRetrySelection is a schema of the API.
type BulkRetrySelection struct {
	// The destination whose dead letters are sent again (to itself).
	DestinationID string `json:"destination_id"`
	// Dead-lettered at or after this time.
	From *string `json:"from,omitempty"`
	// Dead-lettered before this time (default: when the request is made).
	To *string `json:"to,omitempty"`
	Filter *BulkRetryFilter `json:"filter,omitempty"`
}

// BulkRetryFilter is a schema of the API.
type BulkRetryFilter struct {
	// Only dead letters of events captured on this endpoint.
	EndpointID *string `json:"endpoint_id,omitempty"`
	// Only events of this type (the type subscriptions filter on: a type header, or the JSON body's type).
	EventType *string `json:"event_type,omitempty"`
	// Only dead letters whose last attempt was answered with this status (or class).
	LastStatus any `json:"last_status,omitempty"`
}

// BulkRetry is a schema of the API.
type BulkRetry struct {
	ID string `json:"id"`
	State BulkRetryState `json:"state"`
	Selection BulkRetrySelection `json:"selection"`
	// Dead letters the selection held when the job started; null while queued.
	Total *int64 `json:"total"`
	// New deliveries queued so far, in the dead letters’ order.
	Retried int64 `json:"retried"`
	CreatedAt string `json:"created_at"`
	StartedAt *string `json:"started_at"`
	FinishedAt *string `json:"finished_at"`
	CancelledAt *string `json:"cancelled_at"`
	// Why a failed job stopped.
	Error *string `json:"error"`
}

// BulkRetryState is a schema of the API.
type BulkRetryState string

const (
	BulkRetryStateQueued BulkRetryState = "queued"
	BulkRetryStateRunning BulkRetryState = "running"
	BulkRetryStateSucceeded BulkRetryState = "succeeded"
	BulkRetryStateCancelled BulkRetryState = "cancelled"
	BulkRetryStateFailed BulkRetryState = "failed"
)

// TriggerWaitResult is a schema of the API.
type TriggerWaitResult struct {
	TriggerID string `json:"trigger_id"`
	Trigger string `json:"trigger"`
	EndpointID string `json:"endpoint_id"`
	Events []TriggerEvent `json:"events"`
	// Pass back as `ack` once these events are processed. With no events, the trigger’s stored position (acknowledging it changes nothing); null only for a trigger that starts with the oldest stored event and has read none (null is taken as no ack).
	NextCursor *string `json:"next_cursor"`
	// No further event was waiting after these.
	CaughtUp bool `json:"caught_up"`
	// The batch stops before an event still being verified.
	HeldByPendingVerification bool `json:"held_by_pending_verification"`
}

// TriggerEventVerification is a schema of the API.
type TriggerEventVerification struct {
	State VerificationState `json:"state"`
	Cause *string `json:"cause"`
	Provider *string `json:"provider"`
}

// TriggerEvent is a schema of the API.
type TriggerEvent struct {
	ID string `json:"id"`
	ReceivedAt string `json:"received_at"`
	Method string `json:"method"`
	Query string `json:"query"`
	Headers [][]string `json:"headers"`
	Verification TriggerEventVerification `json:"verification"`
	// null when verification failed (the body may be forged).
	Body any `json:"body"`
	BodyWithheld *string `json:"body_withheld,omitempty"`
}

// TriggerWaitRequest is a schema of the API.
type TriggerWaitRequest struct {
	EndpointID string `json:"endpoint_id"`
	// The trigger’s name on the endpoint (default `default`); registered on first use.
	Trigger *string `json:"trigger,omitempty"`
	// The `next_cursor` of the previous call, once its events are processed: the stored cursor moves there. Without it (or null) the same events come again.
	Ack *Nullable[string] `json:"ack,omitempty"`
	Limit *int64 `json:"limit,omitempty"`
	// When nothing is waiting, wait up to this long and return as soon as an event arrives.
	WaitSeconds *float64 `json:"wait_seconds,omitempty"`
	// Bodies up to this size come inline; larger ones by reference (GET /v1/events/{event_id}, or the MCP tool events.body).
	MaxInlineBytes *int64 `json:"max_inline_bytes,omitempty"`
	// For a new trigger only: drain from registration on, or from the oldest stored event.
	Start *string `json:"start,omitempty"`
}

// Trigger is a schema of the API.
type Trigger struct {
	ID string `json:"id"`
	EndpointID string `json:"endpoint_id"`
	Name string `json:"name"`
	// The last event the agent acknowledged.
	LastDrainedEventID *string `json:"last_drained_event_id"`
	// The MCP client that registered it, if one did.
	OauthClientID *string `json:"oauth_client_id"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// Agent is a schema of the API.
type Agent struct {
	ID string `json:"id"`
	ClientID string `json:"client_id"`
	ClientName *string `json:"client_name"`
	// Who consented: `api_key:<id>` or `user:<id>`.
	AuthorizedBy string `json:"authorized_by"`
	CreatedAt string `json:"created_at"`
}

// UsagePlan is a schema of the API.
type UsagePlan struct {
	ID string `json:"id"`
	Name string `json:"name"`
	// Events the plan may capture per period; null = unlimited.
	EventAllowance *int64 `json:"event_allowance"`
	// false: the allowance is spent once and never resets (the free plan); true: it resets every calendar month (UTC).
	AllowanceResets bool `json:"allowance_resets"`
	RetentionDays int64 `json:"retention_days"`
}

// UsageEventsPerDayItem is a schema of the API.
type UsageEventsPerDayItem struct {
	Day string `json:"day"`
	Events int64 `json:"events"`
}

// Usage is a schema of the API.
type Usage struct {
	Plan UsagePlan `json:"plan"`
	// Start of the counting period; null when the allowance never resets.
	PeriodStart *string `json:"period_start"`
	PeriodEnd *string `json:"period_end"`
	// Events captured in the period (duplicates included: each was stored).
	EventsCaptured int64 `json:"events_captured"`
	// null = unlimited.
	EventsRemaining *int64 `json:"events_remaining"`
	// true: ingest answers 429 and stores nothing, because the allowance is spent or an operator paused capture.
	CapturePaused bool `json:"capture_paused"`
	PausedReason *string `json:"paused_reason"`
	// Events captured on each of the last 30 days (UTC), oldest first, today last; days without events count 0.
	EventsPerDay []UsageEventsPerDayItem `json:"events_per_day"`
}

// CreatedNotificationTarget is a schema of the API.
type CreatedNotificationTarget struct {
	ID string `json:"id"`
	Kind string `json:"kind"`
	URL *string `json:"url"`
	Address *string `json:"address"`
	Types []NotificationType `json:"types"`
	Description *string `json:"description"`
	Enabled bool `json:"enabled"`
	// Webhook targets: the end of the signing secret.
	SecretHint *string `json:"secret_hint"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
	// Webhook targets: the Standard Webhooks signing secret (whsec_...), shown this once; null for email.
	Secret *string `json:"secret"`
}

// NotificationType is a schema of the API.
type NotificationType string

const (
	NotificationTypeIssueOpened NotificationType = "issue.opened"
	NotificationTypeIssueResolved NotificationType = "issue.resolved"
	NotificationTypeDestinationDisabled NotificationType = "destination.disabled"
	NotificationTypeDestinationRecovered NotificationType = "destination.recovered"
	NotificationTypeDeliveryExhausted NotificationType = "delivery.exhausted"
	NotificationTypeEndpointVerificationFailing NotificationType = "endpoint.verification_failing"
)

// CreateNotificationTargetRequest is a schema of the API.
type CreateNotificationTargetRequest struct {
	Kind string `json:"kind"`
	// kind webhook: where notifications are POSTed (the same address rules as destinations).
	URL *string `json:"url,omitempty"`
	// kind email: where notifications are mailed (needs RELAY_SMTP_URL).
	Address *string `json:"address,omitempty"`
	// The types this target receives; all of them when left out.
	Types []NotificationType `json:"types,omitempty"`
	Description *string `json:"description,omitempty"`
}

// NotificationTarget is a schema of the API.
type NotificationTarget struct {
	ID string `json:"id"`
	Kind string `json:"kind"`
	URL *string `json:"url"`
	Address *string `json:"address"`
	Types []NotificationType `json:"types"`
	Description *string `json:"description"`
	Enabled bool `json:"enabled"`
	// Webhook targets: the end of the signing secret.
	SecretHint *string `json:"secret_hint"`
	CreatedAt string `json:"created_at"`
	UpdatedAt string `json:"updated_at"`
}

// UpdateNotificationTargetRequest is a schema of the API.
type UpdateNotificationTargetRequest struct {
	// Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect.
	URL *string `json:"url,omitempty"`
	Address *string `json:"address,omitempty"`
	// The types this target receives; all of them when left out.
	Types []NotificationType `json:"types,omitempty"`
	Description *Nullable[string] `json:"description,omitempty"`
	Enabled *bool `json:"enabled,omitempty"`
}

// NotificationPayload is a schema of the API.
type NotificationPayload struct {
	Type string `json:"type"`
	Timestamp string `json:"timestamp"`
	Data map[string]any `json:"data"`
}

// Notification is a schema of the API.
type Notification struct {
	// Also the webhook-id header: the same on every attempt.
	ID string `json:"id"`
	TargetID string `json:"target_id"`
	// One of the notification types, or notification.test.
	Type string `json:"type"`
	State NotificationState `json:"state"`
	Attempts int64 `json:"attempts"`
	// While pending.
	NextAttemptAt *string `json:"next_attempt_at"`
	LastAttemptAt *string `json:"last_attempt_at"`
	LastStatus *int64 `json:"last_status"`
	LastError *string `json:"last_error"`
	Payload NotificationPayload `json:"payload"`
	CreatedAt string `json:"created_at"`
	CompletedAt *string `json:"completed_at"`
}

// NotificationState is a schema of the API.
type NotificationState string

const (
	NotificationStatePending NotificationState = "pending"
	NotificationStateSent NotificationState = "sent"
	NotificationStateFailed NotificationState = "failed"
)

// RelayHealth is a schema of the API.
type RelayHealth struct {
	Status string `json:"status"`
	Checks map[string]string `json:"checks,omitempty"`
}

// DashboardSessionSignInProvidersItem is a schema of the API.
type DashboardSessionSignInProvidersItem struct {
	ID string `json:"id"`
	Name string `json:"name"`
}

// DashboardSession is a schema of the API.
type DashboardSession struct {
	SignedIn bool `json:"signed_in"`
	TenantID *string `json:"tenant_id"`
	// How audit entries name this session: api_key:<id> or user:<id>.
	Actor *string `json:"actor"`
	// Send as X-CSRF-Token on every request that changes something.
	CsrfToken *string `json:"csrf_token"`
	ExpiresAt *string `json:"expires_at"`
	// Identity providers configured for browser sign-in (empty: sign in with an API key).
	SignInProviders []DashboardSessionSignInProvidersItem `json:"sign_in_providers"`
}

// DashboardSignIn is a schema of the API.
type DashboardSignIn struct {
	APIKey string `json:"api_key"`
}

// OAuthError is a schema of the API.
type OAuthError struct {
	Error string `json:"error"`
	ErrorDescription *string `json:"error_description,omitempty"`
}

// CreatedTenantApiKey: The tenant's first API key; its secret is shown in this answer only.
type CreatedTenantApiKey struct {
	ID string `json:"id"`
	Name string `json:"name"`
	// The prefix and last four characters.
	KeyHint string `json:"key_hint"`
	CreatedAt string `json:"created_at"`
	LastUsedAt *string `json:"last_used_at"`
	RevokedAt *string `json:"revoked_at"`
	// The secret key: shown in this answer only.
	Key string `json:"key"`
}

// CreatedTenant is a schema of the API.
type CreatedTenant struct {
	ID string `json:"id"`
	Name string `json:"name"`
	Plan string `json:"plan"`
	// true: an operator paused capture; ingest answers 429 and stores nothing.
	CapturePaused bool `json:"capture_paused"`
	// Events captured in the plan's current period (all time on the free plan).
	EventsCaptured int64 `json:"events_captured"`
	ActiveAPIKeys int64 `json:"active_api_keys"`
	CreatedAt string `json:"created_at"`
	// When an operator deleted it: its data is gone, its keys revoked; its audit log is kept.
	DeletedAt *string `json:"deleted_at"`
	// The tenant's first API key; its secret is shown in this answer only.
	APIKey CreatedTenantApiKey `json:"api_key"`
}

// CreateTenantRequest is a schema of the API.
type CreateTenantRequest struct {
	Name string `json:"name"`
	Plan *string `json:"plan,omitempty"`
	APIKeyName *string `json:"api_key_name,omitempty"`
}

// AdminTenant is a schema of the API.
type AdminTenant struct {
	ID string `json:"id"`
	Name string `json:"name"`
	Plan string `json:"plan"`
	// true: an operator paused capture; ingest answers 429 and stores nothing.
	CapturePaused bool `json:"capture_paused"`
	// Events captured in the plan's current period (all time on the free plan).
	EventsCaptured int64 `json:"events_captured"`
	ActiveAPIKeys int64 `json:"active_api_keys"`
	CreatedAt string `json:"created_at"`
	// When an operator deleted it: its data is gone, its keys revoked; its audit log is kept.
	DeletedAt *string `json:"deleted_at"`
}

// UpdateTenantRequest is a schema of the API.
type UpdateTenantRequest struct {
	Plan *string `json:"plan,omitempty"`
	CapturePaused *bool `json:"capture_paused,omitempty"`
}

// ListAgentsAnswer is a schema of the API.
type ListAgentsAnswer struct {
	Data []Agent `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListAPIKeysAnswer is a schema of the API.
type ListAPIKeysAnswer struct {
	Data []ApiKey `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListAuditEntriesAnswer is a schema of the API.
type ListAuditEntriesAnswer struct {
	Data []AuditEntry `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListBulkRetriesAnswer is a schema of the API.
type ListBulkRetriesAnswer struct {
	Data []BulkRetry `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListDeliveriesAnswer is a schema of the API.
type ListDeliveriesAnswer struct {
	Data []Delivery `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListDestinationsAnswer is a schema of the API.
type ListDestinationsAnswer struct {
	Data []Destination `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListEndpointsAnswer is a schema of the API.
type ListEndpointsAnswer struct {
	Data []Endpoint `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListEventsAnswer is a schema of the API.
type ListEventsAnswer struct {
	Data []EventSummary `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListEventTypesAnswer is a schema of the API.
type ListEventTypesAnswer struct {
	Data []EventType `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListIssuesAnswer is a schema of the API.
type ListIssuesAnswer struct {
	Data []Issue `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListNotificationsAnswer is a schema of the API.
type ListNotificationsAnswer struct {
	Data []Notification `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListNotificationTargetsAnswer is a schema of the API.
type ListNotificationTargetsAnswer struct {
	Data []NotificationTarget `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListProviderSecretsAnswer is a schema of the API.
type ListProviderSecretsAnswer struct {
	Data []ProviderSecret `json:"data"`
}

// ListSubscriptionsAnswer is a schema of the API.
type ListSubscriptionsAnswer struct {
	Data []Subscription `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}

// ListTriggersAnswer is a schema of the API.
type ListTriggersAnswer struct {
	Data []Trigger `json:"data"`
	// null on the last page.
	NextCursor *string `json:"next_cursor"`
}
