package webhookrelay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultTolerance is how far a delivery's timestamp may be from now.
const DefaultTolerance = 5 * time.Minute

// Verify checks a delivery's Standard Webhooks signature (webhook-id, webhook-timestamp, webhook-signature)
// against the destination's signing secret (whsec_…). payload is the raw body as received: verify before parsing.
func Verify(payload []byte, headers http.Header, secret string) error {
	return VerifyAt(payload, headers, secret, time.Now(), DefaultTolerance)
}

// VerifyAt is Verify with the current time and the tolerance given.
func VerifyAt(payload []byte, headers http.Header, secret string, now time.Time, tolerance time.Duration) error {
	id, timestamp, signatures := headers.Get("webhook-id"), headers.Get("webhook-timestamp"), headers.Get("webhook-signature")
	if id != "" && timestamp == "" && signatures == "" {
		return &VerificationError{Reason: "missing_headers", Message: "this delivery is unsigned: its event was not verified (the relay signs only verified or authenticated events)"}
	}
	if id == "" || timestamp == "" || signatures == "" {
		return &VerificationError{Reason: "missing_headers", Message: "webhook-id, webhook-timestamp and webhook-signature are required"}
	}
	seconds, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return &VerificationError{Reason: "bad_timestamp", Message: "webhook-timestamp is not a number of seconds"}
	}
	at := time.Unix(seconds, 0)
	if at.Before(now.Add(-tolerance)) {
		return &VerificationError{Reason: "timestamp_too_old", Message: "the delivery is too old"}
	}
	if at.After(now.Add(tolerance)) {
		return &VerificationError{Reason: "timestamp_in_future", Message: "the delivery is timestamped in the future"}
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil || len(key) == 0 {
		return &VerificationError{Reason: "bad_secret", Message: "the signing secret is not whsec_ followed by base64"}
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + timestamp + "."))
	mac.Write(payload)
	expected := mac.Sum(nil)
	for _, candidate := range strings.Split(signatures, " ") {
		version, value, found := strings.Cut(candidate, ",")
		if !found || version != "v1" {
			continue
		}
		given, err := base64.StdEncoding.DecodeString(value)
		if err == nil && hmac.Equal(given, expected) {
			return nil
		}
	}
	return &VerificationError{Reason: "no_matching_signature", Message: "no signature matches the secret"}
}
