package webhookrelay

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

type seen struct {
	method string
	header http.Header
}

// scripted answers each request with the next status of the script (0: drop the connection), then 200.
func scripted(t *testing.T, script []int, header http.Header) (*httptest.Server, func() []seen) {
	var mu sync.Mutex
	var requests []seen
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests = append(requests, seen{method: r.Method, header: r.Header.Clone()})
		status := http.StatusOK
		if len(script) > 0 {
			status, script = script[0], script[1:]
		}
		mu.Unlock()
		if status == 0 {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if status >= 300 {
			for name, values := range header {
				w.Header()[name] = values
			}
			w.WriteHeader(status)
			_, _ = w.Write([]byte(`{"error":{"code":"unavailable","message":"try later"}}`))
			return
		}
		_, _ = w.Write([]byte(`{"data":[],"next_cursor":null}`))
	}))
	t.Cleanup(server.Close)
	return server, func() []seen {
		mu.Lock()
		defer mu.Unlock()
		return append([]seen(nil), requests...)
	}
}

const testKey = "whk_kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"

var fast = RetryPolicy{MaxRetries: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond, MaxElapsed: 30 * time.Second}

func TestGetAnswered503WithRetryAfterIsRetried(t *testing.T) {
	server, requests := scripted(t, []int{503}, http.Header{"Retry-After": {"1"}})
	client, _ := New(server.URL, testKey, WithRetry(fast))
	if _, err := client.ListEndpoints(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	got := requests()
	if len(got) != 2 {
		t.Fatalf("%d requests", len(got))
	}
	if got[0].header.Get("Authorization") != "Bearer "+testKey {
		t.Fatal("no bearer key")
	}
	if !regexp.MustCompile(`^webhook-relay-client-go/\d+\.\d+\.\d+$`).MatchString(got[0].header.Get("User-Agent")) {
		t.Fatalf("user agent %q", got[0].header.Get("User-Agent"))
	}
}

func TestRetryAfterPastTheTimeAllowedEndsTheRetries(t *testing.T) {
	server, requests := scripted(t, []int{429}, http.Header{"Retry-After": {"3600"}})
	policy := fast
	policy.MaxElapsed = 10 * time.Second
	client, _ := New(server.URL, testKey, WithRetry(policy))
	_, err := client.ListEndpoints(context.Background(), nil)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 429 || apiErr.Code != "unavailable" || apiErr.Attempts != 1 {
		t.Fatalf("got %v", err)
	}
	if len(requests()) != 1 {
		t.Fatalf("%d requests", len(requests()))
	}
}

func TestPostIsRetriedWithTheSameIdempotencyKey(t *testing.T) {
	server, requests := scripted(t, []int{502, 0}, nil)
	client, _ := New(server.URL, testKey, WithRetry(fast))
	if _, err := client.CreateEndpoint(context.Background(), CreateEndpointRequest{Name: "x"}); err != nil {
		t.Fatal(err)
	}
	got := requests()
	if len(got) != 3 {
		t.Fatalf("%d requests", len(got))
	}
	key := got[0].header.Get("Idempotency-Key")
	if !regexp.MustCompile(`^[0-9a-f-]{36}$`).MatchString(key) {
		t.Fatalf("key %q", key)
	}
	for _, r := range got {
		if r.header.Get("Idempotency-Key") != key {
			t.Fatal("the key changed between attempts")
		}
	}
}

func TestPatchAndDeleteAreNeverRetried(t *testing.T) {
	server, requests := scripted(t, []int{503, 204}, nil)
	client, _ := New(server.URL, testKey, WithRetry(fast))
	if _, err := client.UpdateEndpoint(context.Background(), "e1", UpdateEndpointRequest{Name: Ptr("y")}); err == nil {
		t.Fatal("no error")
	}
	_ = client.DeleteEndpoint(context.Background(), "e1", nil)
	got := requests()
	if len(got) != 2 || got[0].method != "PATCH" || got[1].method != "DELETE" {
		t.Fatalf("%+v", got)
	}
}

func TestRetriesStopAfterMaxRetries(t *testing.T) {
	server, requests := scripted(t, []int{500, 500, 500, 500, 500}, nil)
	policy := fast
	policy.MaxRetries = 2
	client, _ := New(server.URL, testKey, WithRetry(policy))
	_, err := client.ListEndpoints(context.Background(), nil)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Attempts != 3 || len(requests()) != 3 {
		t.Fatalf("got %v after %d requests", err, len(requests()))
	}
}

func TestEachAttemptHasATimeLimitAndTheErrorNamesNoSecret(t *testing.T) {
	release := make(chan struct{})
	server := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	t.Cleanup(func() { close(release); server.Close() })
	policy := fast
	policy.MaxRetries = 1
	client, _ := New(server.URL, testKey, WithTimeout(50*time.Millisecond), WithRetry(policy))
	_, err := client.GetEndpoint(context.Background(), "whep_secret-token")
	var connErr *ConnectionError
	if !errors.As(err, &connErr) || !connErr.TimedOut || connErr.Attempts != 2 {
		t.Fatalf("got %#v", err)
	}
	if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "secret-token") {
		t.Fatalf("%q holds a secret", err.Error())
	}
}

func TestCancelledContextStopsTheRetries(t *testing.T) {
	server, requests := scripted(t, []int{503, 503, 503, 503}, http.Header{"Retry-After": {"5"}})
	client, _ := New(server.URL, testKey, WithRetry(fast))
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for len(requests()) == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if _, err := client.ListEndpoints(ctx, nil); err == nil {
		t.Fatal("no error")
	}
	if len(requests()) != 1 {
		t.Fatalf("%d requests", len(requests()))
	}
}
