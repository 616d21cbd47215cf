package eval

import "sync"

// Cache keeps compiled templates and conditions by their text, so that
// compiling a text again is cheap. It is bounded in entries and in an
// estimate of the bytes its entries keep alive, and safe for concurrent
// use. Compile and CompileCondition use DefaultCache unless given
// WithCache or WithoutCache.
//
// Entries live in two generations: new ones go to the young one; when it
// is full (half the entries or half the bytes), the old one is dropped and
// the young one becomes old. A hit in the old generation moves the entry
// back to the young one, so texts in use stay while texts seen once fall
// out. An entry larger than half the byte bound is not kept. A nil *Cache
// holds nothing.
type Cache struct {
	mu         sync.Mutex
	young, old map[cacheKey]cacheEntry
	youngBytes int64
	oldBytes   int64
	maxEntries int
	maxBytes   int64
}

type cacheKey struct {
	text string
	cond bool
}

type cacheEntry struct {
	v    any // *Template or *Condition
	size int64
}

// The bounds of DefaultCache.
const (
	DefaultCacheEntries = 4096
	DefaultCacheBytes   = 32 << 20
)

var defaultCache = NewCache(DefaultCacheEntries, DefaultCacheBytes)

// DefaultCache is the cache that Compile and CompileCondition use when no
// other is given: DefaultCacheEntries entries, DefaultCacheBytes bytes.
func DefaultCache() *Cache { return defaultCache }

// NewCache returns a cache of at most entries entries keeping at most
// about bytes bytes alive; values below 2 (entries) or 4096 (bytes) take
// those minimums.
func NewCache(entries int, bytes int64) *Cache {
	return &Cache{young: map[cacheKey]cacheEntry{}, maxEntries: max(entries, 2), maxBytes: max(bytes, 4096)}
}

// Clear drops every entry.
func (c *Cache) Clear() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.young, c.old = map[cacheKey]cacheEntry{}, nil
	c.youngBytes, c.oldBytes = 0, 0
}

// Len is the number of entries held.
func (c *Cache) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.young) + len(c.old)
}

// Bytes is the estimate of the bytes the entries keep alive.
func (c *Cache) Bytes() int64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.youngBytes + c.oldBytes
}

func (c *Cache) get(k cacheKey) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.young[k]; ok {
		return e.v, true
	}
	e, ok := c.old[k]
	if ok {
		delete(c.old, k)
		c.oldBytes -= e.size
		c.insert(k, e)
	}
	return e.v, ok
}

func (c *Cache) put(k cacheKey, v any, size int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if size > c.maxBytes/2 {
		return
	}
	if old, ok := c.young[k]; ok {
		c.youngBytes -= old.size
	}
	c.insert(k, cacheEntry{v: v, size: size})
}

func (c *Cache) insert(k cacheKey, e cacheEntry) {
	if len(c.young) >= c.maxEntries/2 || c.youngBytes+e.size > c.maxBytes/2 {
		c.old, c.oldBytes = c.young, c.youngBytes
		c.young, c.youngBytes = make(map[cacheKey]cacheEntry, len(c.old)), 0
	}
	c.young[k] = e
	c.youngBytes += e.size
}

func (c *Cache) template(text string) (*Template, bool) {
	if c == nil {
		return nil, false
	}
	v, ok := c.get(cacheKey{text: text})
	if !ok {
		return nil, false
	}
	return v.(*Template), true
}

func (c *Cache) putTemplate(text string, t *Template) {
	if c != nil {
		c.put(cacheKey{text: text}, t, t.size())
	}
}

func (c *Cache) condition(line string) (*Condition, bool) {
	if c == nil {
		return nil, false
	}
	v, ok := c.get(cacheKey{text: line, cond: true})
	if !ok {
		return nil, false
	}
	return v.(*Condition), true
}

func (c *Cache) putCondition(line string, cd *Condition) {
	if c != nil {
		c.put(cacheKey{text: line, cond: true}, cd, cd.size())
	}
}

// Estimates of what a compiled text keeps alive, measured on the heap
// (cache_test.go checks them against runtime.MemStats).
const (
	sizeBase        = 512
	sizePlaceholder = 640 // a parsed expression's tree and closures
	sizePerByte     = 3   // the text, its segments and line index
)

func (t *Template) size() int64 {
	return sizeBase + int64(len(t.text))*sizePerByte + int64(len(t.places))*sizePlaceholder
}

func (cd *Condition) size() int64 {
	n := int64(sizeBase) + int64(len(cd.line))*sizePerByte
	for _, s := range cd.sides {
		n += s.size()
	}
	return n
}

// Option configures Compile and CompileCondition.
type Option func(*options)

type options struct {
	noCache bool
	strict  bool
	cache   *Cache
}

func makeOptions(opts []Option) options {
	o := options{cache: defaultCache}
	for _, f := range opts {
		if f != nil {
			f(&o)
		}
	}
	return o
}

// WithoutCache compiles the text afresh instead of taking a compiled copy
// from a cache, and does not store the result in one.
func WithoutCache() Option { return func(o *options) { o.noCache = true } }

// WithCache uses c instead of DefaultCache.
func WithCache(c *Cache) Option {
	return func(o *options) {
		if c != nil {
			o.cache = c
		}
	}
}

// Strict makes Compile and CompileCondition fail with every problem that
// can be known without data, as an ErrorList: syntax errors in text that
// has expression syntax, forbidden constructs, unknown functions, wrong
// numbers of values, `_` names, limits and `${` left open. Without it, a
// problem of a text that could be a lookup is raised only when the
// lookup fails (design section 4).
func Strict() Option { return func(o *options) { o.strict = true } }

// strictError is the error a compile returns for these problems: nil for
// none, the one *Error without Strict (a limit), the list with it.
func (o options) strictError(list ErrorList) error {
	switch {
	case len(list) == 0:
		return nil
	case !o.strict:
		return list[0]
	}
	return list
}
