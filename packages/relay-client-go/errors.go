package webhookrelay

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strings"
)

// APIError is an answer {"error": {"code", "message"}} with its HTTP status; its text holds no secret.
type APIError struct {
	Status    int
	Code      string
	Message   string
	RequestID string
	// Attempts made (more than 1 after retries).
	Attempts int
}

func (e *APIError) Error() string {
	where := ""
	if e.RequestID != "" {
		where = ", request " + e.RequestID
	}
	return fmt.Sprintf("webhookrelay: %s: %s (HTTP %d%s)", e.Code, e.Message, e.Status, where)
}

// ConnectionError: nothing answered (the connection failed, an attempt ran past its time limit, or ctx ended).
type ConnectionError struct {
	Message  string
	Attempts int
	TimedOut bool
}

func (e *ConnectionError) Error() string { return "webhookrelay: " + e.Message }

// VerificationError: Verify refused a delivery; Reason says why.
type VerificationError struct {
	Reason  string
	Message string
}

func (e *VerificationError) Error() string { return "webhookrelay: " + e.Message }

var (
	prefixedSecret = regexp.MustCompile(`\b(whk|whsec|whep)_[A-Za-z0-9+/=_-]+`)
	bearer         = regexp.MustCompile(`(?i)\b(Bearer\s+)\S+`)
)

// Redact removes secrets from text: whk_/whsec_/whep_ tokens keep only their prefix, bearer tokens and the given literals vanish.
func Redact(text string, secrets []string) string { return redact(text, secrets) }

func redact(text string, secrets []string) string {
	for _, s := range secrets {
		if len(s) >= 4 {
			text = strings.ReplaceAll(text, s, "[redacted]")
		}
	}
	text = prefixedSecret.ReplaceAllString(text, "${1}_…")
	return bearer.ReplaceAllString(text, "${1}[redacted]")
}

// describe is a network error without its URL (which may hold a token).
func describe(err error) string {
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err
	}
	return err.Error()
}

func isTimeout(err error) bool {
	var netErr net.Error
	return errors.As(err, &netErr) && netErr.Timeout()
}
