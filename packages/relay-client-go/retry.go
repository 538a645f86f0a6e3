package webhookrelay

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryPolicy bounds the retries of 429, 5xx and network errors (GET, and POST with an Idempotency-Key, only).
type RetryPolicy struct {
	// MaxRetries after the first attempt; 0 turns retries off.
	MaxRetries int
	// BaseDelay is the first backoff ceiling; it doubles with each retry.
	BaseDelay time.Duration
	// MaxDelay is the largest backoff ceiling.
	MaxDelay time.Duration
	// MaxElapsed: no retry starts once this long (waits included) has passed since the first attempt.
	MaxElapsed time.Duration
}

// DefaultRetryPolicy: 3 retries, 500 ms doubling up to 8 s, 30 s in all.
var DefaultRetryPolicy = RetryPolicy{MaxRetries: 3, BaseDelay: 500 * time.Millisecond, MaxDelay: 8 * time.Second, MaxElapsed: 30 * time.Second}

// backoff is full jitter: a uniform wait between 0 and min(MaxDelay, BaseDelay * 2^retry).
func (p RetryPolicy) backoff(retry int, random float64) time.Duration {
	ceiling := math.Min(float64(p.MaxDelay), float64(p.BaseDelay)*math.Pow(2, float64(retry)))
	return time.Duration(random * ceiling)
}

// parseRetryAfter reads delta seconds or an HTTP date.
func parseRetryAfter(value string, now time.Time) (time.Duration, bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0, false
	}
	if seconds, err := strconv.ParseUint(value, 10, 32); err == nil {
		return time.Duration(seconds) * time.Second, true
	}
	at, err := http.ParseTime(value)
	if err != nil {
		return 0, false
	}
	if wait := at.Sub(now); wait > 0 {
		return wait, true
	}
	return 0, true
}

// isRetryableStatus: rate limited, and server errors except "not implemented".
func isRetryableStatus(status int) bool {
	return status == http.StatusTooManyRequests || (status >= 500 && status != http.StatusNotImplemented)
}
