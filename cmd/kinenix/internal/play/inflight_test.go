//go:build !js || !wasm

package play

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// heldBytes counts the bytes of request bodies the server has read and
// not yet answered (now), and the most it ever held at once (most).
type heldBytes struct{ now, most atomic.Int64 }

func (h *heldBytes) add(n int64) {
	v := h.now.Add(n)
	for {
		m := h.most.Load()
		if v <= m || h.most.CompareAndSwap(m, v) {
			return
		}
	}
}

// countedBody is a request body that counts in held the bytes read of it.
type countedBody struct {
	r    io.Reader
	held *heldBytes
	read int64
}

func (b *countedBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.read += int64(n)
	b.held.add(int64(n))
	return n, err
}

// answered is a ResponseWriter that calls done once, when the handler
// starts its answer: before it gives back its turn, so that a body
// counted until then is counted only while its request holds a turn.
// Counted until ServeHTTP returned instead, a body stayed counted after
// its turn went to the next request, which then read its own.
type answered struct {
	http.ResponseWriter
	once sync.Once
	done func()
}

func (a *answered) WriteHeader(code int) {
	a.once.Do(a.done)
	a.ResponseWriter.WriteHeader(code)
}

func (a *answered) Write(p []byte) (int, error) {
	a.once.Do(a.done)
	return a.ResponseWriter.Write(p)
}

// The bodies of requests in flight are bounded as a whole, not only one
// by one (MaxBody): a request reads its body once it has its turn, so
// many requests at once hold at most the bodies of those that run
// (MaxConcurrent checks and tables, MaxQuick completions and hovers).
// Before, each read its body (up to 2 MiB) and then waited for a turn,
// so n connections held n bodies. Not timed: every turn is taken until
// every request waits, which the server tells (waiting); the deadline
// is far off.
func TestBodiesInFlightBounded(t *testing.T) {
	s := newServer(Options{})
	s.timeout = time.Hour // no request gives up while the test holds the turns
	events := make(chan struct{}, 64)
	s.waiting = func() { events <- struct{}{} }
	h := s.handler()
	for range cap(s.turns) {
		s.turns <- struct{}{}
	}
	for range cap(s.quick) {
		s.quick <- struct{}{}
	}
	const size, each = 64 << 10, 6
	bodies := map[string]string{
		"check":    `{"flow":"- **a:** b"}`,
		"table":    `{"flow":"- **a:** ${row.x}","data":"x\n1\n","format":"csv"}`,
		"complete": `{"flow":"${le","line":1,"column":4}`,
		"hover":    `{"flow":"${le","line":1,"column":4}`,
	}
	var held heldBytes
	var wg sync.WaitGroup
	codes := make(chan string, len(bodies)*each)
	for name, body := range bodies {
		body += strings.Repeat(" ", size-len(body)) // JSON allows spaces after the object
		for range each {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b := &countedBody{r: strings.NewReader(body), held: &held}
				r := httptest.NewRequest("POST", "http://127.0.0.1:8080/api/"+name, b)
				r.Header.Set("Content-Type", "application/json")
				w := httptest.NewRecorder()
				a := &answered{ResponseWriter: w, done: func() { held.add(-b.read) }}
				h.ServeHTTP(a, r)
				a.once.Do(a.done) // a request answered with nothing
				if w.Code != http.StatusOK {
					codes <- name + ": " + w.Body.String()
				}
				events <- struct{}{}
			}()
		}
	}
	// Every request waits for a turn, or (were it not to wait) is
	// answered.
	for range len(bodies) * each {
		<-events
	}
	require.Zero(t, held.now.Load(), "bytes of bodies held while no request has a turn")
	for range cap(s.turns) {
		<-s.turns
	}
	for range cap(s.quick) {
		<-s.quick
	}
	go func() {
		for range events {
		}
	}()
	wg.Wait()
	close(events)
	close(codes)
	for c := range codes {
		t.Error(c)
	}
	require.LessOrEqual(t, held.most.Load(), int64((MaxConcurrent+MaxQuick)*size))
	require.Zero(t, held.now.Load())
}
