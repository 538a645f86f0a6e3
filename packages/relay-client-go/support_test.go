package webhookrelay

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// testRelay is the relay (API, ingest, delivery workers) in a child process on a database of its own:
// services/webhook-relay/test/helpers/client-test-relay.ts. Needs TEST_DATABASE_SERVER_URL and REDIS_URL.
type testRelay struct {
	APIURL     string `json:"api_url"`
	APIKey     string `json:"api_key"`
	IngestBase string `json:"ingest_base"`
	cmd        *exec.Cmd
	stdin      io.WriteCloser
}

var (
	relayOnce     sync.Once
	sharedRelay   *testRelay
	relayStartErr error
)

func startRelay(t *testing.T) *testRelay {
	t.Helper()
	relayOnce.Do(func() { sharedRelay, relayStartErr = launchRelay() })
	if relayStartErr != nil {
		t.Fatalf("starting the test relay: %v", relayStartErr)
	}
	return sharedRelay
}

func launchRelay() (*testRelay, error) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "services", "webhook-relay"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(filepath.Join(dir, "node_modules", ".bin", "tsx"), "test/helpers/client-test-relay.ts")
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(stdout).ReadBytes('\n')
	if err != nil {
		_ = cmd.Wait()
		return nil, fmt.Errorf("the test relay exited before it listened: %w", err)
	}
	relay := &testRelay{cmd: cmd, stdin: stdin}
	if err := json.Unmarshal(line, relay); err != nil {
		return nil, err
	}
	return relay, nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedRelay != nil {
		_ = sharedRelay.stdin.Close()
		_ = sharedRelay.cmd.Wait()
	}
	os.Exit(code)
}
