package eval

import (
	"strconv"
	"sync"
)

// cache maps source texts to compiled programs. It holds at most max
// entries in two generations: new entries go to the young map; when it is
// full the old map is dropped and the young one becomes old. A hit in the
// old map moves the entry back to the young one, so texts in use stay
// while texts seen once fall out.
type cache[T any] struct {
	mu         sync.Mutex
	young, old map[string]T
	half       int
}

func newCache[T any](max int) *cache[T] {
	half := max / 2
	if half < 1 {
		half = 1
	}
	return &cache[T]{young: make(map[string]T), half: half}
}

func (c *cache[T]) get(key string) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.young[key]; ok {
		return v, true
	}
	v, ok := c.old[key]
	if ok {
		c.insert(key, v)
	}
	return v, ok
}

func (c *cache[T]) put(key string, v T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.insert(key, v)
}

func (c *cache[T]) insert(key string, v T) {
	if len(c.young) >= c.half {
		c.old, c.young = c.young, make(map[string]T, c.half)
	}
	c.young[key] = v
}

// len is the number of entries held, for tests and benchmarks.
func (c *cache[T]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.young) + len(c.old)
}

// maxCached is the longest text the caches keep; longer texts are compiled
// each time, so the caches' memory stays bounded (4096 entries of at most
// 64 KiB each).
const maxCached = 64 << 10

func itoa(n int) string { return strconv.Itoa(n) }
