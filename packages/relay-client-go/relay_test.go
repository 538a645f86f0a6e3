package webhookrelay

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

type received struct {
	body   []byte
	header http.Header
}

type receiver struct {
	*httptest.Server
	mu   sync.Mutex
	seen []received
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.seen = append(r.seen, received{body: body, header: req.Header.Clone()})
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) find(body []byte) *received {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.seen {
		if bytes.Equal(r.seen[i].body, body) {
			return &r.seen[i]
		}
	}
	return nil
}

func ingest(t *testing.T, url string, body []byte, header http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	for name, values := range header {
		req.Header[name] = values
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("ingest answered %d", resp.StatusCode)
	}
}

func newClient(t *testing.T, relay *testRelay, key string, opts ...Option) *Client {
	t.Helper()
	client, err := New(relay.APIURL, key, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return client
}

func TestEndpointIngestPagesReplayAndAudit(t *testing.T) {
	relay := startRelay(t)
	client := newClient(t, relay, relay.APIKey)
	ctx := context.Background()
	endpoint, err := client.CreateEndpoint(ctx, CreateEndpointRequest{Name: "orders"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(endpoint.IngestURL, relay.IngestBase) {
		t.Fatalf("ingest URL %q is not on %s", endpoint.IngestURL, relay.IngestBase)
	}
	again, err := client.GetIngestURL(ctx, endpoint.ID)
	if err != nil || again.IngestURL != endpoint.IngestURL {
		t.Fatalf("GetIngestURL: %v", err)
	}
	for n := 0; n < 5; n++ {
		ingest(t, endpoint.IngestURL, []byte(fmt.Sprintf(`{"n":%d}`, n)), nil)
	}
	first, err := client.ListEvents(ctx, &ListEventsParams{EndpointID: &endpoint.ID, Limit: Ptr(int64(2))})
	if err != nil || len(first.Data) != 2 || first.NextCursor == nil {
		t.Fatalf("first page: %v %+v", err, first)
	}
	pager := client.ListEventsAll(&ListEventsParams{EndpointID: &endpoint.ID, Limit: Ptr(int64(2))})
	ids := map[string]bool{}
	var firstID string
	for pager.Next(ctx) {
		if firstID == "" {
			firstID = pager.Item().ID
		}
		ids[pager.Item().ID] = true
	}
	if pager.Err() != nil || len(ids) != 5 {
		t.Fatalf("paged %d events: %v", len(ids), pager.Err())
	}
	recv := newReceiver(t)
	destination, err := client.CreateDestination(ctx, CreateDestinationRequest{Name: "receiver", URL: recv.URL + "/hook"})
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := client.Replay(ctx, ReplayRequest{DestinationID: destination.ID, EventIDs: []string{firstID}})
	if err != nil || replayed.Replayed != 1 {
		t.Fatalf("replay: %v %+v", err, replayed)
	}
	audit, err := client.VerifyAuditChain(ctx)
	if err != nil || !audit.Intact || audit.Entries == 0 {
		t.Fatalf("audit: %v %+v", err, audit)
	}
}

func TestFailingDestinationOpensOneIssueAcknowledgedAndResolved(t *testing.T) {
	relay := startRelay(t)
	client := newClient(t, relay, relay.APIKey)
	ctx := context.Background()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		_, _ = io.ReadAll(req.Body)
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	t.Cleanup(failing.Close)
	endpoint, err := client.CreateEndpoint(ctx, CreateEndpointRequest{Name: "issues"})
	if err != nil {
		t.Fatal(err)
	}
	destination, err := client.CreateDestination(ctx, CreateDestinationRequest{
		Name:      "failing",
		URL:       failing.URL + "/hook",
		RateLimit: Value(DestinationRateLimit{Max: 5, Per: "second"}),
		Breaker:   &BreakerSettings{Failures: Ptr(int64(2))},
	})
	if err != nil {
		t.Fatal(err)
	}
	if destination.RateLimit == nil || destination.RateLimit.Max != 5 || destination.Breaker.State != "closed" {
		t.Fatalf("created: %+v", destination)
	}
	if _, err := client.CreateSubscription(ctx, CreateSubscriptionRequest{EndpointID: endpoint.ID, DestinationID: destination.ID}); err != nil {
		t.Fatal(err)
	}
	ingest(t, endpoint.IngestURL, []byte(`{"n":1}`), nil)
	var issues []Issue
	for tries := 0; tries < 200 && len(issues) == 0; tries++ {
		page, err := client.ListIssues(ctx, &ListIssuesParams{DestinationID: &destination.ID, State: Ptr("unresolved")})
		if err != nil {
			t.Fatal(err)
		}
		issues = page.Data
		if len(issues) == 0 {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if len(issues) != 1 || issues[0].Kind != IssueKindHttp5xx || issues[0].State != IssueStateOpen {
		t.Fatalf("issues: %+v", issues)
	}
	if acknowledged, err := client.AcknowledgeIssue(ctx, issues[0].ID); err != nil || acknowledged.State != IssueStateAcknowledged {
		t.Fatalf("acknowledge: %v %+v", err, acknowledged)
	}
	if resolved, err := client.ResolveIssue(ctx, issues[0].ID); err != nil || resolved.State != IssueStateResolved {
		t.Fatalf("resolve: %v %+v", err, resolved)
	}
	paused, err := client.PauseDestination(ctx, destination.ID, &PauseDestinationRequest{Reason: Ptr("receiver down")})
	if err != nil || paused.PausedReason == nil || *paused.PausedReason != "receiver down" {
		t.Fatalf("pause: %v %+v", err, paused)
	}
	if resumed, err := client.ResumeDestination(ctx, destination.ID); err != nil || resumed.PausedAt != nil {
		t.Fatalf("resume: %v %+v", err, resumed)
	}
}

func TestRoutingFilterDryRunEventTypesAndTransformation(t *testing.T) {
	relay := startRelay(t)
	client := newClient(t, relay, relay.APIKey)
	ctx := context.Background()
	endpoint, err := client.CreateEndpoint(ctx, CreateEndpointRequest{Name: "routing"})
	if err != nil {
		t.Fatal(err)
	}
	for _, event := range []string{
		`{"type":"invoice.paid","data":{"amount":50000}}`,
		`{"type":"invoice.paid","data":{"amount":10}}`,
		`{"type":"customer.created","data":{"amount":0}}`,
	} {
		ingest(t, endpoint.IngestURL, []byte(event), nil)
	}
	types, err := client.ListEndpointEventTypes(ctx, endpoint.ID)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int64{}
	for _, seen := range types.Data {
		counts[seen.EventType] = seen.Count
	}
	if len(counts) != 2 || counts["invoice.paid"] != 2 || counts["customer.created"] != 1 {
		t.Fatalf("event types: %+v", counts)
	}
	filter := SubscriptionFilter{"event_type": "invoice.paid", "body.data.amount": map[string]any{"$gt": 10000}}
	dryRun, err := client.DryRunSubscriptionFilter(ctx, SubscriptionFilterDryRunRequest{EndpointID: endpoint.ID, Filter: &filter})
	if err != nil || dryRun.Matched != 1 || dryRun.Unmatched != 2 {
		t.Fatalf("dry run: %v %+v", err, dryRun)
	}
	recv := newReceiver(t)
	destination, err := client.CreateDestination(ctx, CreateDestinationRequest{Name: "routed", URL: recv.URL + "/hook"})
	if err != nil {
		t.Fatal(err)
	}
	subscription, err := client.CreateSubscription(ctx, CreateSubscriptionRequest{EndpointID: endpoint.ID, DestinationID: destination.ID})
	if err != nil {
		t.Fatal(err)
	}
	updated, err := client.UpdateSubscription(ctx, subscription.ID, UpdateSubscriptionRequest{Filter: Value(filter)})
	if err != nil || updated.Filter["event_type"] != "invoice.paid" {
		t.Fatalf("update subscription: %v %+v", err, updated)
	}
	code := `(request) => ({ ...request, headers: { ...request.headers, "x-routed": "yes" }, body: { paid: request.body.data.amount } })`
	page, err := client.ListEvents(ctx, &ListEventsParams{EndpointID: &endpoint.ID, EventType: Ptr("invoice.paid"), Limit: Ptr(int64(1))})
	if err != nil || len(page.Data) != 1 {
		t.Fatalf("events of a type: %v", err)
	}
	tried, err := client.TestTransformation(ctx, destination.ID, TestTransformationRequest{EventID: page.Data[0].ID, Code: &code})
	if err != nil || tried.Outcome != "send" || tried.Request == nil || tried.Request.Headers["x-routed"] != "yes" {
		t.Fatalf("test console: %v %+v", err, tried)
	}
	saved, err := client.CreateTransformation(ctx, destination.ID, CreateTransformationRequest{Code: code, Activate: Ptr(true)})
	if err != nil || saved.Version != 1 || !saved.Active {
		t.Fatalf("create transformation: %v %+v", err, saved)
	}
	list, err := client.ListTransformations(ctx, destination.ID)
	if err != nil || list.ActiveVersion == nil || *list.ActiveVersion != 1 {
		t.Fatalf("list transformations: %v %+v", err, list)
	}
	detached, err := client.ActivateTransformation(ctx, destination.ID, ActivateTransformationRequest{Version: nil})
	if err != nil || detached.TransformationVersion != nil {
		t.Fatalf("detach: %v %+v", err, detached)
	}
}

func TestPostWithOneIdempotencyKeyIsAnsweredOnce(t *testing.T) {
	relay := startRelay(t)
	client := newClient(t, relay, relay.APIKey)
	ctx := context.Background()
	key := WithIdempotencyKey("go-" + strconv.FormatInt(time.Now().UnixNano(), 10))
	a, err := client.CreateEndpoint(ctx, CreateEndpointRequest{Name: "once-go"}, key)
	if err != nil {
		t.Fatal(err)
	}
	b, err := client.CreateEndpoint(ctx, CreateEndpointRequest{Name: "once-go"}, key)
	if err != nil || b.ID != a.ID {
		t.Fatalf("second answer %v %+v, first %s", err, b, a.ID)
	}
	count := 0
	for pager := client.ListEndpointsAll(nil); pager.Next(ctx); {
		if pager.Item().Name == "once-go" {
			count++
		}
	}
	if count != 1 {
		t.Fatalf("%d endpoints named once-go", count)
	}
}

func TestTypedErrors(t *testing.T) {
	relay := startRelay(t)
	client := newClient(t, relay, relay.APIKey)
	_, err := client.GetEndpoint(context.Background(), "00000000-0000-4000-8000-000000000000")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 404 || apiErr.Code != "not_found" || apiErr.Attempts != 1 {
		t.Fatalf("got %#v", err)
	}
}

func TestSecretsStayOutOfErrorsAndPrinting(t *testing.T) {
	relay := startRelay(t)
	ctx := context.Background()
	client := newClient(t, relay, relay.APIKey)
	wrongKey := "whk_" + strings.Repeat("x", 43)
	stranger := newClient(t, relay, wrongKey)
	_, denied := stranger.ListEndpoints(ctx, nil)
	var apiErr *APIError
	if !errors.As(denied, &apiErr) || apiErr.Status != 401 {
		t.Fatalf("got %v", denied)
	}
	down, _ := New("http://127.0.0.1:1", relay.APIKey, WithRetry(RetryPolicy{MaxRetries: 1, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond, MaxElapsed: time.Second}))
	_, refused := down.ListEndpoints(ctx, nil)
	var connErr *ConnectionError
	if !errors.As(refused, &connErr) {
		t.Fatalf("got %v", refused)
	}
	endpoint, err := client.CreateEndpoint(ctx, CreateEndpointRequest{Name: "secretive"})
	if err != nil {
		t.Fatal(err)
	}
	token := endpoint.IngestURL[strings.LastIndex(endpoint.IngestURL, "/")+1:]
	destination, err := client.CreateDestination(ctx, CreateDestinationRequest{Name: "secret", URL: "http://127.0.0.1:9/x"})
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{denied.Error(), refused.Error(), fmt.Sprintf("%v %+v %#v", denied, refused, apiErr)}
	texts = append(texts, fmt.Sprint(client), fmt.Sprintf("%+v", client), fmt.Sprintf("%#v", client), fmt.Sprintf("%+v", *stranger), client.String())
	for _, text := range texts {
		for _, secret := range []string{relay.APIKey, wrongKey, destination.Secret, token} {
			if strings.Contains(text, secret) {
				t.Fatalf("%q holds a secret", text)
			}
		}
	}
}

func TestVerifyAcceptsADeliveryAndRefusesItTampered(t *testing.T) {
	relay := startRelay(t)
	ctx := context.Background()
	client := newClient(t, relay, relay.APIKey)
	// The relay signs deliveries of events it verified: the sender signs with the endpoint's provider secret.
	endpoint, err := client.CreateEndpoint(ctx, CreateEndpointRequest{Name: "signed", Provider: Value("standard-webhooks")})
	if err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 24)
	_, _ = rand.Read(raw)
	senderSecret := "whsec_" + base64.StdEncoding.EncodeToString(raw)
	if _, err := client.AddProviderSecret(ctx, endpoint.ID, AddProviderSecretRequest{Secret: senderSecret}); err != nil {
		t.Fatal(err)
	}
	recv := newReceiver(t)
	destination, err := client.CreateDestination(ctx, CreateDestinationRequest{Name: "signed", URL: recv.URL + "/signed", TimeoutMS: Ptr(int64(2000))})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.CreateSubscription(ctx, CreateSubscriptionRequest{EndpointID: endpoint.ID, DestinationID: destination.ID}); err != nil {
		t.Fatal(err)
	}
	body := []byte(fmt.Sprintf(`{"signed":%d}`, time.Now().UnixNano()))
	ingest(t, endpoint.IngestURL, body, signedHeader(body, raw))
	var delivery *received
	for deadline := time.Now().Add(20 * time.Second); delivery == nil && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		delivery = recv.find(body)
	}
	if delivery == nil {
		t.Fatal("the relay never delivered")
	}
	if err := Verify(delivery.body, delivery.header, destination.Secret); err != nil {
		t.Fatalf("Verify refused our own delivery: %v", err)
	}
	err = Verify(bytes.Replace(delivery.body, []byte("signed"), []byte("forged"), 1), delivery.header, destination.Secret)
	var verifyErr *VerificationError
	if !errors.As(err, &verifyErr) || verifyErr.Reason != "no_matching_signature" {
		t.Fatalf("a tampered delivery: %v", err)
	}
}

// signedHeader is what a Standard Webhooks sender sends with a body.
func signedHeader(body, key []byte) http.Header {
	id, timestamp := fmt.Sprintf("msg_%d", time.Now().UnixNano()), strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(body)
	header := http.Header{}
	header.Set("webhook-id", id)
	header.Set("webhook-timestamp", timestamp)
	header.Set("webhook-signature", "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	return header
}
