package webhookrelay

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	verifyKey = bytes.Repeat([]byte{9}, 32)
	verifyNow = time.Unix(1_800_000_000, 0)
	body      = []byte(`{"type":"order.paid"}`)
)

func signWith(key []byte, at time.Time, payload []byte) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("msg_1." + strconv.FormatInt(at.Unix(), 10) + "."))
	mac.Write(payload)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

func verifyHeader(signature, timestamp string) http.Header {
	h := http.Header{}
	h.Set("webhook-id", "msg_1")
	h.Set("webhook-timestamp", timestamp)
	h.Set("webhook-signature", signature)
	return h
}

func TestVerifyAcceptsOneSignatureAmongSeveral(t *testing.T) {
	secret := "whsec_" + base64.StdEncoding.EncodeToString(verifyKey)
	signature := signWith(bytes.Repeat([]byte{3}, 32), verifyNow, body) + " " + signWith(verifyKey, verifyNow, body)
	if err := VerifyAt(body, verifyHeader(signature, strconv.FormatInt(verifyNow.Unix(), 10)), secret, verifyNow, DefaultTolerance); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyRefusalsNameTheirReason(t *testing.T) {
	secret := "whsec_" + base64.StdEncoding.EncodeToString(verifyKey)
	other := "whsec_" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{3}, 32))
	ts := strconv.FormatInt(verifyNow.Unix(), 10)
	old, future := verifyNow.Add(-301*time.Second), verifyNow.Add(301*time.Second)
	good := signWith(verifyKey, verifyNow, body)
	cases := []struct {
		reason  string
		payload []byte
		header  http.Header
		secret  string
	}{
		{"missing_headers", body, http.Header{"Webhook-Id": {"msg_1"}}, secret},
		{"bad_timestamp", body, verifyHeader(good, "12:00"), secret},
		{"timestamp_too_old", body, verifyHeader(signWith(verifyKey, old, body), strconv.FormatInt(old.Unix(), 10)), secret},
		{"timestamp_in_future", body, verifyHeader(signWith(verifyKey, future, body), strconv.FormatInt(future.Unix(), 10)), secret},
		{"bad_secret", body, verifyHeader(good, ts), "whsec_"},
		{"no_matching_signature", body, verifyHeader(good, ts), other},
		{"no_matching_signature", append(append([]byte{}, body...), ' '), verifyHeader(good, ts), secret},
		{"no_matching_signature", body, verifyHeader("v2,"+good[3:], ts), secret},
	}
	for _, c := range cases {
		err := VerifyAt(c.payload, c.header, c.secret, verifyNow, DefaultTolerance)
		var verr *VerificationError
		if !errors.As(err, &verr) || verr.Reason != c.reason {
			t.Errorf("%s: got %v", c.reason, err)
		}
	}
}

func TestVerifySaysAnUnsignedDeliveryIsOneWhoseEventWasNotVerified(t *testing.T) {
	secret := "whsec_" + base64.StdEncoding.EncodeToString(verifyKey)
	err := VerifyAt(body, http.Header{"Webhook-Id": {"msg_1"}}, secret, verifyNow, DefaultTolerance)
	var verr *VerificationError
	if !errors.As(err, &verr) || verr.Reason != "missing_headers" || !strings.HasPrefix(verr.Message, "this delivery is unsigned: its event was not verified") {
		t.Fatalf("got %v", err)
	}
}
