package demographics

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testTimeout is the idle timeout of the stall tests: long enough that a
// loaded 2-core CI machine serves a healthy response in time, short enough to
// keep the suite fast (SPEC §10.7 asks for a handler stalling past a 200 ms
// timeout).
const testTimeout = 200 * time.Millisecond

// stall is how long the stalling handlers sleep: well past testTimeout.
const stall = 2 * time.Second

func TestFetch(t *testing.T) {
	payload := bytes.Repeat([]byte("rubeola "), 4096) // 32 KiB, several reads
	tests := []struct {
		name    string
		handler http.HandlerFunc
		wantErr error  // nil = success
		wantMsg string // substring of the error message
	}{
		{"ok", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(payload) }, nil, ""},
		{"ok slow trickle", func(w http.ResponseWriter, r *http.Request) {
			// Each pause is shorter than the timeout; the total is longer:
			// the timeout bounds silences, not the whole transfer.
			for i := 0; i < 4; i++ {
				_, _ = w.Write(payload[i*8192 : (i+1)*8192])
				w.(http.Flusher).Flush()
				time.Sleep(testTimeout / 2)
			}
		}, nil, ""},
		{"404", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, ErrHTTPStatus, "404 Not Found"},
		{"truncated", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(payload)))
			_, _ = w.Write(payload[:100])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler) // closes the connection mid-body
		}, ErrCorruptArchive, "truncated or corrupt"},
		{"stall before headers", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(stall):
			case <-r.Context().Done():
			}
		}, ErrTimeout, "no data received for 200ms"},
		{"stall mid-body", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(payload)))
			_, _ = w.Write(payload[:100])
			w.(http.Flusher).Flush()
			select {
			case <-time.After(stall):
			case <-r.Context().Done():
			}
		}, ErrTimeout, "no data received"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(tc.handler)
			defer srv.Close()
			dir := t.TempDir()
			f := fetch{URL: srv.URL + "/file.zip", Timeout: testTimeout}
			path, n, err := f.toTempFile(context.Background(), dir, "dl-*")
			if tc.wantErr == nil {
				require.NoError(t, err)
				assert.Equal(t, int64(len(payload)), n)
				got, err := os.ReadFile(path)
				require.NoError(t, err)
				assert.Equal(t, payload, got)
				return
			}
			require.ErrorIs(t, err, tc.wantErr)
			assert.Contains(t, err.Error(), tc.wantMsg)
			assert.Contains(t, err.Error(), srv.URL)
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Empty(t, entries, "a failed download leaves no temporary file")
		})
	}
}

func TestFetchHTTPErrorFields(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	_, err := fetch{URL: srv.URL, Timeout: time.Second}.copyTo(context.Background(), &bytes.Buffer{})
	var he *HTTPError
	require.True(t, errors.As(err, &he))
	assert.Equal(t, srv.URL, he.URL)
	assert.Equal(t, http.StatusServiceUnavailable, he.StatusCode)
}

func TestFetchCancelAndBadInput(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := fetch{URL: srv.URL, Timeout: time.Minute}.copyTo(ctx, &bytes.Buffer{})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.NotErrorIs(t, err, ErrTimeout, "the caller's deadline is not the idle timeout")

	_, err = fetch{URL: srv.URL, Timeout: 0}.copyTo(context.Background(), &bytes.Buffer{})
	require.ErrorContains(t, err, "timeout must be > 0")

	_, _, err = fetch{URL: srv.URL, Timeout: time.Second}.toTempFile(context.Background(), filepath.Join(t.TempDir(), "absent"), "x-*")
	require.Error(t, err)
}

func TestFetchProgress(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write(make([]byte, 5000))
	}))
	defer srv.Close()
	var bar bytes.Buffer
	var body bytes.Buffer
	n, err := fetch{URL: srv.URL, Timeout: time.Second, Progress: &bar, Label: "download"}.copyTo(context.Background(), &body)
	require.NoError(t, err)
	assert.Equal(t, int64(5000), n)
	assert.Contains(t, bar.String(), "download")
}
