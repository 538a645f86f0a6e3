// Package webhookrelay is a client of the webhook-relay REST API (standard library only): one method per
// operation (operations_gen.go, types_gen.go), a bearer API key, retries with exponential backoff and full
// jitter, cursor pagination, idempotency keys, redaction of secrets, and Verify for the Standard Webhooks
// signatures of the relay's deliveries.
package webhookrelay

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	mathrand "math/rand"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Version is this library's version, sent in the user agent.
const Version = "0.1.0"

// UserAgent names this library and its version.
const UserAgent = "webhook-relay-client-go/" + Version

// maxAnswerBytes bounds the answers read into memory.
const maxAnswerBytes = 32 << 20

// Client calls one relay with one API key; it is safe for concurrent use.
type Client struct {
	baseURL    string
	apiKey     secret
	httpClient *http.Client
	timeout    time.Duration
	retry      RetryPolicy
	userAgent  string
	random     func() float64
}

// secret is a string no fmt verb prints.
type secret string

func (secret) String() string   { return "<secret>" }
func (secret) GoString() string { return "<secret>" }

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sends requests through another http.Client (proxies, transports); redirects are never followed.
func WithHTTPClient(h *http.Client) Option {
	return func(c *Client) { clone := *h; c.httpClient = &clone }
}

// WithTimeout sets the time limit of each attempt (default 30 s).
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// WithRetry replaces the retry policy (DefaultRetryPolicy otherwise).
func WithRetry(p RetryPolicy) Option { return func(c *Client) { c.retry = p } }

// WithUserAgent appends a product to the user agent, e.g. "my-app/1.2".
func WithUserAgent(product string) Option {
	return func(c *Client) { c.userAgent = UserAgent + " " + product }
}

// WithRandom replaces the source of the retry jitter (a number in [0, 1)).
func WithRandom(random func() float64) Option { return func(c *Client) { c.random = random } }

// New returns a client of the relay at baseURL (e.g. https://relay.example.com) with an API key (whk_…).
func New(baseURL, apiKey string, opts ...Option) (*Client, error) {
	if apiKey == "" {
		return nil, errors.New("webhookrelay: an API key is required")
	}
	parsed, err := url.Parse(baseURL)
	if err != nil || (parsed.Scheme != "http" && parsed.Scheme != "https") || parsed.Host == "" {
		return nil, errors.New("webhookrelay: the base URL must be an absolute http(s) URL")
	}
	c := &Client{
		baseURL:    strings.TrimRight(baseURL, "/"),
		apiKey:     secret(apiKey),
		httpClient: &http.Client{},
		timeout:    30 * time.Second,
		retry:      DefaultRetryPolicy,
		userAgent:  UserAgent,
		random:     lockedRandom(),
	}
	for _, opt := range opts {
		opt(c)
	}
	// The API never redirects: following one would send the bearer key elsewhere.
	c.httpClient.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return c, nil
}

// String shows the base URL only.
func (c Client) String() string {
	return fmt.Sprintf("webhookrelay.Client(%s)", redact(c.baseURL, nil))
}

// GoString shows the base URL only.
func (c Client) GoString() string { return c.String() }

// Format prints the base URL only, whatever the verb (%v, %+v, %#v, %s).
func (c Client) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, c.String()) }

// RequestOption configures one call.
type RequestOption func(*requestSettings)

type requestSettings struct {
	idempotencyKey string
	timeout        time.Duration
}

// WithIdempotencyKey sends this Idempotency-Key with a POST (default: a new random key per call, the same on its retries).
func WithIdempotencyKey(key string) RequestOption {
	return func(s *requestSettings) { s.idempotencyKey = key }
}

// WithRequestTimeout sets the time limit of each attempt of this call.
func WithRequestTimeout(d time.Duration) RequestOption {
	return func(s *requestSettings) { s.timeout = d }
}

type request struct {
	method     string
	path       string
	query      url.Values
	body       any
	hasBody    bool
	idempotent bool
}

func (c *Client) do(ctx context.Context, r request, answer any, opts []RequestOption) error {
	settings := requestSettings{timeout: c.timeout}
	for _, opt := range opts {
		opt(&settings)
	}
	target := c.baseURL + r.path
	if len(r.query) > 0 {
		target += "?" + r.query.Encode()
	}
	var payload []byte
	if r.hasBody {
		var err error
		if payload, err = json.Marshal(r.body); err != nil {
			return fmt.Errorf("webhookrelay: encoding the request body: %w", err)
		}
	}
	header := http.Header{}
	header.Set("Authorization", "Bearer "+string(c.apiKey))
	header.Set("Accept", "application/json")
	header.Set("User-Agent", c.userAgent)
	if r.hasBody {
		header.Set("Content-Type", "application/json")
	}
	if r.method == http.MethodPost && r.idempotent {
		key := settings.idempotencyKey
		if key == "" {
			key = newKey()
		}
		header.Set("Idempotency-Key", key)
	}
	// Safe to repeat: a GET, or a POST the server deduplicates by its Idempotency-Key.
	retryable := r.method == http.MethodGet || header.Get("Idempotency-Key") != ""
	where := r.method + " " + c.clean(c.baseURL+r.path)
	started := time.Now()
	for attempt := 1; ; attempt++ {
		retriesLeft := retryable && attempt <= c.retry.MaxRetries
		status, respHeader, body, err := c.attempt(ctx, r.method, target, header, payload, settings.timeout)
		if err != nil {
			if ctx.Err() != nil {
				return &ConnectionError{Message: where + ": " + ctx.Err().Error(), Attempts: attempt}
			}
			timedOut := errors.Is(err, context.DeadlineExceeded) || isTimeout(err)
			if retriesLeft && c.pause(ctx, started, c.retry.backoff(attempt-1, c.random())) {
				continue
			}
			why := "connection failed (" + c.clean(describe(err)) + ")"
			if timedOut {
				why = fmt.Sprintf("no answer within %s", settings.timeout)
			}
			return &ConnectionError{Message: fmt.Sprintf("%s: %s after %d attempt%s", where, why, attempt, plural(attempt)), Attempts: attempt, TimedOut: timedOut}
		}
		if status >= 200 && status < 300 {
			if answer != nil && len(bytes.TrimSpace(body)) > 0 {
				if err := json.Unmarshal(body, answer); err != nil {
					return fmt.Errorf("webhookrelay: %s: reading the answer: %w", where, err)
				}
			}
			return nil
		}
		apiErr := c.apiError(status, respHeader, body, attempt)
		if retriesLeft && isRetryableStatus(status) {
			wait, ok := parseRetryAfter(respHeader.Get("Retry-After"), time.Now())
			if !ok {
				wait = c.retry.backoff(attempt-1, c.random())
			}
			if c.pause(ctx, started, wait) {
				continue
			}
		}
		return apiErr
	}
}

func (c *Client) attempt(ctx context.Context, method, target string, header http.Header, payload []byte, timeout time.Duration) (int, http.Header, []byte, error) {
	attemptCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(attemptCtx, method, target, body)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header = header.Clone()
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	// The body is read inside the time limit too.
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if err != nil {
		return 0, nil, nil, err
	}
	return resp.StatusCode, resp.Header, data, nil
}

// pause waits before another attempt; false when the wait would end past the total time allowed or ctx ends.
func (c *Client) pause(ctx context.Context, started time.Time, wait time.Duration) bool {
	if time.Since(started)+wait > c.retry.MaxElapsed {
		return false
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func (c *Client) apiError(status int, header http.Header, body []byte, attempts int) *APIError {
	code, message := fmt.Sprintf("http_%d", status), http.StatusText(status)
	var parsed struct {
		Error *struct {
			Code    *string `json:"code"`
			Message *string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &parsed) == nil && parsed.Error != nil {
		if parsed.Error.Code != nil {
			code = *parsed.Error.Code
		}
		if parsed.Error.Message != nil {
			message = *parsed.Error.Message
		}
	}
	return &APIError{Status: status, Code: code, Message: c.clean(message), RequestID: header.Get("X-Request-Id"), Attempts: attempts}
}

func (c *Client) clean(text string) string { return redact(text, []string{string(c.apiKey)}) }

// Pager walks a cursor-paginated list: for p.Next(ctx) { item := p.Item() }; then check p.Err().
type Pager[T any] struct {
	fetch  func(ctx context.Context, cursor *string) ([]T, *string, error)
	cursor *string
	items  []T
	index  int
	done   bool
	err    error
}

func newPager[T any](start *string, fetch func(ctx context.Context, cursor *string) ([]T, *string, error)) *Pager[T] {
	return &Pager[T]{fetch: fetch, cursor: start, index: -1}
}

// Next moves to the next item, fetching the next page when needed; false at the end or on an error.
func (p *Pager[T]) Next(ctx context.Context) bool {
	for {
		if p.err != nil {
			return false
		}
		if p.index+1 < len(p.items) {
			p.index++
			return true
		}
		if p.done {
			return false
		}
		items, next, err := p.fetch(ctx, p.cursor)
		if err != nil {
			p.err = err
			return false
		}
		p.items, p.index, p.cursor = items, -1, next
		p.done = next == nil || *next == ""
	}
}

// Item is the current item (after Next answered true).
func (p *Pager[T]) Item() T { return p.items[p.index] }

// Err is the error that ended the walk, if any.
func (p *Pager[T]) Err() error { return p.err }

// Nullable is a request member that can be sent as null (clear it) or as a value; a nil *Nullable is not sent.
type Nullable[T any] struct {
	Value T
	Null  bool
}

// Null is a member sent as null.
func Null[T any]() *Nullable[T] { return &Nullable[T]{Null: true} }

// Value is a member sent with this value.
func Value[T any](v T) *Nullable[T] { return &Nullable[T]{Value: v} }

// MarshalJSON writes null or the value.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if n.Null {
		return []byte("null"), nil
	}
	return json.Marshal(n.Value)
}

// UnmarshalJSON reads null or a value.
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		*n = Nullable[T]{Null: true}
		return nil
	}
	n.Null = false
	return json.Unmarshal(data, &n.Value)
}

// Ptr is a pointer to v, for optional members: &webhookrelay.CreateDestinationRequest{TimeoutMS: webhookrelay.Ptr(int64(2000))}.
func Ptr[T any](v T) *T { return &v }

func newKey() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return fmt.Sprintf("%d-%d", time.Now().UnixNano(), mathrand.Int63())
	}
	b[6] = (b[6] & 0x0f) | 0x40
	b[8] = (b[8] & 0x3f) | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func lockedRandom() func() float64 {
	var mu sync.Mutex
	source := mathrand.New(mathrand.NewSource(time.Now().UnixNano()))
	return func() float64 {
		mu.Lock()
		defer mu.Unlock()
		return source.Float64()
	}
}

func plural(n int) string {
	if n > 1 {
		return "s"
	}
	return ""
}
