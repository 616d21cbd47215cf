package xlsx

import (
	"bytes"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// maxFormatLen is the longest number format code read, in characters:
// Excel's own limit (it refuses longer ones).
const maxFormatLen = 255

// numFormat is how a number cell is shown, made once per style from its
// format code: as a date or time (the code's parts), as one of the plain
// number formats (decimals, a thousands separator, a percent sign), or
// as the number itself (general). Every other code (currency, fractions,
// exponents, sections for negatives) shows the number itself: a flow
// reads a sheet's values, not its decoration.
type numFormat struct {
	date  []datePart // a date or time format
	frac  int        // the decimals of a second it shows (ss.000: 3)
	loc   locale     // the language, calendar and digits of a date format
	plain bool       // 0, 0.00, #,##0.00, 0%, 0.00%...
	dec   int
	group bool
	pct   bool
}

// builtinFormats are the format codes Excel knows by number and does not
// write into a workbook; the others are general.
var builtinFormats = map[int]string{
	1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%",
	14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM",
	19: "h:mm:ss AM/PM", 20: "hh:mm", 21: "hh:mm:ss", 22: "m/d/yy hh:mm",
	45: "mm:ss", 46: "[h]:mm:ss", 47: "mm:ss.0",
}

// formatCost is what the reader charges, in values of 16 bytes, for a
// number format code before it parses and keeps it: at most what the
// parse keeps, a part (32 bytes, and as much again of a list's spare
// room) per byte of the code, its literals and the code itself.
func formatCost(code string) int { return 8 + 4*len(code) + len(code)/8 }

// parseFormat reads a format code (at most maxFormatLen characters) in
// one pass.
func parseFormat(code string) numFormat {
	if f, ok := plainFormat(code); ok {
		return f
	}
	if parts, loc := dateParts(code); parts != nil {
		f := numFormat{date: parts, loc: loc}
		for _, p := range parts {
			if p.kind == 'f' {
				f.frac = max(f.frac, p.n)
			}
		}
		return f
	}
	return numFormat{}
}

// plainFormat reads the plain number formats: an optional `#,##`, `0`, an
// optional `.` and zeros, an optional `%`.
func plainFormat(code string) (numFormat, bool) {
	var f numFormat
	s := code
	if rest, ok := strings.CutPrefix(s, "#,##"); ok {
		f.group, s = true, rest
	}
	if !strings.HasPrefix(s, "0") {
		return f, false
	}
	s = s[1:]
	if rest, ok := strings.CutPrefix(s, "."); ok {
		n := len(rest) - len(strings.TrimLeft(rest, "0"))
		if n == 0 {
			return f, false
		}
		f.dec, s = n, rest[n:]
	}
	if rest, ok := strings.CutPrefix(s, "%"); ok {
		f.pct, s = true, rest
	}
	f.plain = s == ""
	return f, f.plain
}

// A datePart is a literal text or one field of a date or time.
type datePart struct {
	kind byte // 0 literal; y Y(2-digit) b B(2-digit Buddhist era) M(month) N(name) A(abbr) m(minute) d D(day name) E(abbr) h s f(.000) P(AM/PM); elapsed: H(hours) K(minutes) S(seconds)
	n    int  // digits wanted (2 for zero-padded)
	lit  string
}

// A locale is what a date format's `[$-...]` prefix changes in how it
// shows a day.
type locale struct {
	thai       bool // Thai names of months and weekdays
	buddhist   bool // years of the Thai Buddhist calendar: the year plus 543
	thaiDigits bool // digits ๐ to ๙
}

// readLocale reads the inside of a `[$text-id]` prefix (after the `$`):
// its text, shown as written (a currency symbol), and the locale of id,
// hexadecimal, as Excel writes it: the language (LCID) in the low 16 bits,
// Thai when its primary language is 0x1E; the calendar in the next 8, 07
// the Thai Buddhist one; the digits in the top 8, 0D Thai digits (as
// LibreOffice reads them). An id that is a language tag (`th-TH`) names
// the language only. Other languages keep English names.
func readLocale(in string) (text string, loc locale) {
	text, id, _ := strings.Cut(in, "-")
	if v, err := strconv.ParseUint(id, 16, 32); err == nil {
		loc.thai = v&0x3ff == 0x1e
		loc.buddhist = v>>16&0xff == 0x07
		loc.thaiDigits = v>>24 == 0x0d
	} else {
		loc.thai = asciiLower(id) == "th" || strings.HasPrefix(asciiLower(id), "th-")
	}
	return text, loc
}

// dateParts reads a date or time format code into its parts, or returns
// nil when it shows no date or time. Only the first section (before `;`)
// is read; quoted text and `\c` are literal; `[...]` (colour, condition)
// is skipped except the elapsed times `[h]`, `[m]` and `[s]` and the
// locale `[$text-id]` (readLocale); `_c` is a space and `*c` nothing;
// `.0` to `.000` after seconds are their fraction; `B1` and `B2` (the
// Gregorian and Hijri calendars) are read as the Gregorian one.
func dateParts(code string) ([]datePart, locale) {
	var loc locale
	var parts []datePart
	lit := func(s string) {
		if n := len(parts); n > 0 && parts[n-1].kind == 0 {
			parts[n-1].lit += s
			return
		}
		parts = append(parts, datePart{lit: s})
	}
	isDate, ampm := false, false
	lower := asciiLower(code)
	for i := 0; i < len(code); {
		c := lower[i]
		run := 1
		for i+run < len(lower) && lower[i+run] == c {
			run++
		}
		switch {
		case c == ';':
			i = len(code)
			continue
		case c == '"':
			end := strings.IndexByte(code[i+1:], '"')
			if end < 0 {
				end = len(code) - i - 1
			}
			lit(code[i+1 : i+1+end])
			i += end + 2
			continue
		case c == '\\' || c == '_' || c == '*':
			if i+1 < len(code) {
				if c == '\\' {
					lit(code[i+1 : i+2])
				} else if c == '_' {
					lit(" ")
				}
			}
			i += 2
			continue
		case c == '[':
			end := strings.IndexByte(code[i:], ']')
			if end < 0 {
				return nil, loc
			}
			if b := lower[i+1 : i+end]; strings.HasPrefix(b, "$") {
				text, l := readLocale(code[i+2 : i+end])
				loc.thai, loc.buddhist, loc.thaiDigits = loc.thai || l.thai, loc.buddhist || l.buddhist, loc.thaiDigits || l.thaiDigits
				if text != "" {
					lit(text)
				}
			} else if b != "" && strings.Count(b, b[:1]) == len(b) {
				if k := strings.IndexByte("hms", b[0]); k >= 0 {
					parts = append(parts, datePart{kind: "HKS"[k], n: len(b)})
					isDate = true
				}
			}
			i += end + 1
			continue
		case strings.HasPrefix(lower[i:], "am/pm"):
			parts = append(parts, datePart{kind: 'P'})
			ampm = true
			i += len("am/pm")
			continue
		case strings.HasPrefix(lower[i:], "a/p"):
			// a/p shows each letter in the case written (`h:mm a/p"m"`
			// shows 6:00 pm), where AM/PM shows upper case however written
			parts = append(parts, datePart{kind: 'p', n: boolBit(code[i] == 'a') | boolBit(code[i+2] == 'p')<<1})
			ampm = true
			i += len("a/p")
			continue
		case c == 'y':
			parts = append(parts, yearPart(run, 'y'))
		case c == 'b' && run == 1 && i+1 < len(code) && (code[i+1] == '1' || code[i+1] == '2'):
			i += 2 // B1, B2: a calendar
			continue
		case c == 'b':
			parts = append(parts, yearPart(run, 'b'))
		case c == 'm':
			parts = append(parts, byRun(run, 'M', "ANI")) // I: the month's initial
		case c == 'd':
			parts = append(parts, byRun(run, 'd', "ED"))
		case c == 'h':
			parts = append(parts, datePart{kind: 'h', n: min(run, 2)})
		case c == 's':
			parts = append(parts, datePart{kind: 's', n: min(run, 2)})
		case c == '.' && i+1 < len(lower) && lower[i+1] == '0' && len(parts) > 0 && (parts[len(parts)-1].kind == 's' || parts[len(parts)-1].kind == 'S'):
			z := 1
			for i+1+z < len(lower) && lower[i+1+z] == '0' {
				z++
			}
			parts = append(parts, datePart{kind: 'f', n: min(z, 3)}) // Excel shows at most milliseconds
			i += 1 + z
			continue
		case c == '0' || c == '#' || c == '?' || c == '@':
			return nil, loc // a number or text format
		case c == 'g' && strings.HasPrefix(lower[i:], "general"):
			return nil, loc
		default:
			lit(code[i : i+run])
			i += run
			continue
		}
		isDate = true
		i += run
	}
	if !isDate {
		return nil, loc
	}
	// An m or mm right after an hour, or right before seconds, is minutes.
	for k, p := range parts {
		if p.kind != 'M' {
			continue
		}
		if prev := lastField(parts[:k]); prev == 'h' || prev == 'H' {
			parts[k].kind = 'm'
		} else if next := firstField(parts[k+1:]); next == 's' || next == 'S' {
			parts[k].kind = 'm'
		}
	}
	if ampm {
		for k := range parts {
			if parts[k].kind == 'h' {
				parts[k].kind = 't' // an hour of a 12-hour clock
			}
		}
	}
	return parts, loc
}

// asciiLower is s with its ASCII letters in lower case, byte for byte:
// strings.ToLower may change a letter's length (the Kelvin sign K is k),
// which would put the bytes of s and of its lower case out of step.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func lastField(parts []datePart) byte {
	for k := len(parts) - 1; k >= 0; k-- {
		if parts[k].kind != 0 {
			return parts[k].kind
		}
	}
	return 0
}

func firstField(parts []datePart) byte {
	for _, p := range parts {
		if p.kind != 0 {
			return p.kind
		}
	}
	return 0
}

// maxSerial is 9999-12-31, the last date Excel shows.
const maxSerial = 2958465

// A civil is a day as a sheet shows it: its year, month (1 to 12), day
// of the month and weekday (0 Sunday to 6 Saturday).
type civil struct{ year, month, day, weekday int }

// civilDay is the day of a serial date number: days since 1899-12-30 in
// the 1900 system, since 1904-01-01 in the 1904 system. Excel's 1900
// system counts a 29 February 1900 that never was (as Lotus 1-2-3 did):
// 60 is that day, 0 is 1900-01-00, and the weekdays before 1 March 1900
// follow the count (1900-01-01 a Sunday), as Excel shows them.
func civilDay(day int64, date1904 bool) civil {
	if date1904 {
		t := time.Date(1904, 1, 1+int(day), 0, 0, 0, 0, time.UTC)
		return civil{t.Year(), int(t.Month()), t.Day(), int(t.Weekday())}
	}
	weekday := int((day + 6) % 7)
	switch {
	case day == 0:
		return civil{1900, 1, 0, weekday}
	case day == 60:
		return civil{1900, 2, 29, weekday}
	case day < 60:
		return civil{1900, 1 + int(day-1)/31, 1 + int(day-1)%31, weekday} // January has 31 days
	}
	t := time.Date(1899, 12, 30+int(day), 0, 0, 0, 0, time.UTC)
	return civil{t.Year(), int(t.Month()), t.Day(), weekday}
}

// pow10 are the ticks of a second with 0 to 3 decimals shown.
var pow10 = [...]int64{1, 10, 100, 1000}

// pow10n are the powers of ten up to a second in nanoseconds.
var pow10n = [...]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// splitSerial takes a serial date number (0 to maxSerial) apart: its day
// and its time of day in ticks of 10^-frac seconds, rounded to the tick
// (a time rounded up to midnight is the next day's). With no decimals
// shown, past half a second is up, as Excel shows it (and excelize
// before this reader); with decimals, half a tick and more.
func splitSerial(serial float64, frac int) (day, tick int64) {
	days := math.Floor(serial)
	scale := pow10[frac]
	if frac == 0 {
		ns := int64(86400e9 * (serial - days + 1e-9))
		tick = ns / 1e9
		if ns%1e9/1e6 > 500 {
			tick++
		}
	} else {
		tick = int64(math.Floor((serial-days)*float64(86400*scale) + 0.5))
	}
	day = int64(days)
	if tick >= 86400*scale {
		day, tick = day+1, tick-86400*scale
	}
	return day, tick
}

// showDay shows the time tick (in 10^-f.frac seconds) of day (a serial
// day number) in the date format f.
func (f *numFormat) showDay(day, tick int64, date1904 bool) string {
	scale := pow10[f.frac]
	secs := tick / scale              // the second of the day
	elapsed := day*86400*scale + tick // ticks since the serial's start, for [h], [m] and [s]
	c := civilDay(day, date1904)
	year := c.year
	if f.loc.buddhist {
		year += buddhistEra
	}
	var b strings.Builder
	b.Grow(8 + 4*len(f.date)) // most parts write at most 4 bytes
	var digits [24]byte
	pad := func(v int64, n int) {
		d := digits[:0]
		if n >= 2 && v < 10 {
			d = append(d, '0')
		}
		d = strconv.AppendInt(d, v, 10)
		if !f.loc.thaiDigits {
			b.Write(d)
			return
		}
		for _, c := range d {
			b.WriteRune('๐' + rune(c-'0'))
		}
	}
	month, weekday := time.Month(c.month).String(), time.Weekday(c.weekday).String()
	monthAbbr, weekdayAbbr := month[:3], weekday[:3]
	if f.loc.thai {
		month, weekday = thaiMonths[c.month-1], thaiWeekdays[c.weekday]
		monthAbbr, weekdayAbbr = thaiMonthsAbbr[c.month-1], thaiWeekdaysAbbr[c.weekday]
	}
	for _, p := range f.date {
		switch p.kind {
		case 0:
			b.WriteString(p.lit)
		case 'y':
			pad(int64(year), 0)
		case 'Y':
			pad(int64(year%100), 2)
		case 'b':
			pad(int64(c.year+buddhistEra), 0)
		case 'B':
			pad(int64((c.year+buddhistEra)%100), 2)
		case 'M':
			pad(int64(c.month), p.n)
		case 'N':
			b.WriteString(month)
		case 'A':
			b.WriteString(monthAbbr)
		case 'I':
			_, n := utf8.DecodeRuneInString(month)
			b.WriteString(month[:n])
		case 'd':
			pad(int64(c.day), p.n)
		case 'D':
			b.WriteString(weekday)
		case 'E':
			b.WriteString(weekdayAbbr)
		case 'h':
			pad(secs/3600, p.n)
		case 't':
			h := secs / 3600 % 12
			if h == 0 {
				h = 12
			}
			pad(h, p.n)
		case 'm':
			pad(secs/60%60, p.n)
		case 's':
			pad(secs%60, p.n)
		case 'H':
			pad(elapsed/(3600*scale), p.n)
		case 'K':
			pad(elapsed/(60*scale), p.n)
		case 'S':
			pad(elapsed/scale, p.n)
		case 'f':
			b.WriteByte('.')
			v := tick % scale
			for k := f.frac; k > f.frac-p.n; k-- { // the first p.n of frac digits
				pad(v/pow10[k-1]%10, 0)
			}
		case 'P':
			if secs < 12*3600 {
				b.WriteString("AM")
			} else {
				b.WriteString("PM")
			}
		case 'p':
			switch {
			case secs < 12*3600 && p.n&1 != 0:
				b.WriteByte('a')
			case secs < 12*3600:
				b.WriteByte('A')
			case p.n&2 != 0:
				b.WriteByte('p')
			default:
				b.WriteByte('P')
			}
		}
	}
	return b.String()
}

// buddhistEra is how many years the Thai Buddhist era counts more.
const buddhistEra = 543

// The Thai names of months and weekdays (Sunday first), and their
// abbreviations, as Thai Excel shows them.
var (
	thaiMonths = [12]string{"มกราคม", "กุมภาพันธ์", "มีนาคม", "เมษายน", "พฤษภาคม", "มิถุนายน",
		"กรกฎาคม", "สิงหาคม", "กันยายน", "ตุลาคม", "พฤศจิกายน", "ธันวาคม"}
	thaiMonthsAbbr = [12]string{"ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.",
		"ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.", "พ.ย.", "ธ.ค."}
	thaiWeekdays     = [7]string{"อาทิตย์", "จันทร์", "อังคาร", "พุธ", "พฤหัสบดี", "ศุกร์", "เสาร์"}
	thaiWeekdaysAbbr = [7]string{"อา.", "จ.", "อ.", "พ.", "พฤ.", "ศ.", "ส."}
)

// isoDay reads the ISO 8601 text of a date cell (t="d"), a date, a date
// and time or a time (2026-01-15, 2026-01-15T10:30:00.5, an optional Z),
// as its serial day in the workbook's date system and its time in ticks of
// 10^-frac seconds, rounded as splitSerial rounds. ok is false for other
// text and for a day a sheet does not show (before the date system's start,
// after 9999-12-31).
func isoDay(s string, frac int, date1904 bool) (day, tick int64, ok bool) {
	s = strings.TrimSuffix(s, "Z")
	date, clock, hasT := strings.Cut(s, "T")
	if !hasT && strings.Contains(s, ":") {
		date, clock = "", s
	}
	if date != "" {
		if len(date) != 10 || date[4] != '-' || date[7] != '-' {
			return 0, 0, false
		}
		y, ok1 := digitsOf(date[:4])
		m, ok2 := digitsOf(date[5:7])
		d, ok3 := digitsOf(date[8:])
		t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
		if !ok1 || !ok2 || !ok3 || t.Year() != y || int(t.Month()) != m || t.Day() != d {
			return 0, 0, false // no such day (2026-02-30)
		}
		epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
		if date1904 {
			epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
		}
		day = int64(t.Sub(epoch).Hours() / 24)
		if !date1904 && day < 61 {
			day-- // before Excel's 29 February 1900
		}
		if day < 1 && !date1904 || day < 0 || day > maxSerial {
			return 0, 0, false
		}
	}
	var secs, nanos int64
	if clock != "" || hasT {
		hms, dec, hasDec := strings.Cut(clock, ".")
		if len(hms) != 5 && len(hms) != 8 || hms[2] != ':' || len(hms) == 8 && hms[5] != ':' {
			return 0, 0, false
		}
		h, ok1 := digitsOf(hms[:2])
		mi, ok2 := digitsOf(hms[3:5])
		sec, ok3 := 0, true
		if len(hms) == 8 {
			sec, ok3 = digitsOf(hms[6:])
		}
		if !ok1 || !ok2 || !ok3 || h > 23 || mi > 59 || sec > 59 {
			return 0, 0, false
		}
		if hasDec {
			n, ok := digitsOf(dec)
			if !ok || len(dec) > 9 {
				return 0, 0, false
			}
			nanos = int64(n) * pow10n[9-len(dec)]
		}
		secs = int64(h*3600 + mi*60 + sec)
	}
	scale := pow10[frac]
	tick = secs * scale
	if frac == 0 {
		if nanos >= 501e6 { // past half a second, as splitSerial
			tick++
		}
	} else {
		tick += (nanos*scale + 5e8) / 1e9 // half a tick up
	}
	if tick >= 86400*scale {
		day, tick = day+1, tick-86400*scale
	}
	return day, tick, day <= maxSerial
}

// digitsOf reads s, ASCII digits only, as a number.
func digitsOf(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// isNumberText reports whether s is a number as a workbook writes one:
// digits with an optional sign, point and exponent.
func isNumberText(s string) bool {
	if s == "" || len(s) > 400 {
		return false
	}
	digits := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			digits = true
		case c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E':
		default:
			return false
		}
	}
	return digits
}

// maxExact is 2^53: every whole number up to it is stored exactly.
const maxExact = 1 << 53

// sheetDigits is how many significant digits of a number a sheet shows.
const sheetDigits = 15

// general gives the value of a number cell shown as the number itself
// (see showDigits).
func general(v float64) string { return generalFormat.showNumber(v, false) }

// generalFormat is General, the format of a cell with no style or no
// number format.
var generalFormat = &numFormat{}

// decimalDigits gives v (not 0) as its decimal digits, in buf, with no
// leading or trailing zeros, and the place of its point: v is 0.digits
// times 10^point. The digits are the 15 significant ones a sheet shows
// (past them a double's digits are the noise of binary arithmetic: a
// formula's 0.1+0.2 is stored as 0.30000000000000004 and shown 0.3), all
// of them for a whole number up to 2^53 when exact is set.
func decimalDigits(buf []byte, v float64, exact bool) (neg bool, digits []byte, point int) {
	// The shortest digits that read back as v are its 15 when there are
	// no more of them (two numbers of 15 digits are further apart than
	// two doubles; two subnormal doubles, below 2.2E-308, may not be, and
	// their shortest digits are all they hold), and usually there are not.
	neg, digits, point = eDigits(buf, v, -1)
	if len(digits) > sheetDigits && !(exact && v == math.Trunc(v) && math.Abs(v) <= maxExact) {
		neg, digits, point = eDigits(buf, v, sheetDigits-1)
	}
	return neg, digits, point
}

// eDigits is decimalDigits with prec digits after the first, as strconv's
// 'e' format rounds them (-1: as few as read back as v).
func eDigits(buf []byte, v float64, prec int) (neg bool, digits []byte, point int) {
	e := strconv.AppendFloat(buf[:0], math.Abs(v), 'e', prec, 64) // d.ddde±xx
	mark := bytes.IndexByte(e, 'e')
	exp := 0
	for _, c := range e[mark+2:] {
		exp = exp*10 + int(c-'0')
	}
	if e[mark+1] == '-' {
		exp = -exp
	}
	digits = e[:mark]
	if len(digits) > 1 {
		digits = append(digits[:1], digits[2:]...) // drop the point
	}
	return v < 0, bytes.TrimRight(digits, "0"), exp + 1
}

// textDigits reads number text as a workbook writes a plain number
// (`-1250.50`: an optional minus, digits, an optional point and digits; at
// most 40 characters), of at most 15 significant digits, into buf: its
// digits and point as decimalDigits gives them for the double it reads
// as, without reading the double (the digits of two such numbers are
// further apart than two doubles, so the double's 15 digits are its own).
// ok is false for any other text.
func textDigits(buf []byte, text []byte) (neg bool, digits []byte, point int, ok bool) {
	if len(text) > 40 {
		return false, nil, 0, false
	}
	if len(text) > 0 && text[0] == '-' {
		neg, text = true, text[1:]
	}
	digits, point = buf[:0], 0
	seen, dot := false, false // a digit seen; the point seen
	for _, c := range text {
		switch {
		case c == '.' && !dot:
			dot = true
		case '0' <= c && c <= '9':
			seen = true
			if c == '0' && len(digits) == 0 { // a leading zero
				if dot {
					point--
				}
				continue
			}
			digits = append(digits, c)
			if !dot {
				point++
			}
		default:
			return false, nil, 0, false
		}
	}
	digits = bytes.TrimRight(digits, "0")
	if !seen || len(digits) > sheetDigits {
		return false, nil, 0, false
	}
	if len(digits) == 0 {
		return false, nil, 0, true // zero, -0 too
	}
	return neg, digits, point, true
}

// number reads number text (a string, or bytes converted where the call
// needs no copy) as a finite float.
func number(v string) (float64, bool) {
	x, err := strconv.ParseFloat(v, 64)
	return x, err == nil && !math.IsInf(x, 0) && !math.IsNaN(x)
}

// showWritten is showNumber for a number cell whose text, written, reads
// as x: a whole number is shown exactly only when the text says that very
// number; another that reads as one, such as 9007199254740993 (past 2^53,
// read as the double 2^53), is shown by its 15 significant digits as any
// number past 2^53 is (9007199254740990).
func (f *numFormat) showWritten(written string, x float64, date1904 bool) string {
	if f.date == nil && !f.plain && x != 0 && x == math.Trunc(x) && math.Abs(x) <= maxExact && !says(written, x) {
		var buf [32]byte
		return f.showDigits(decimalDigits(buf[:0], x, false))
	}
	return f.showNumber(x, date1904)
}

// says is whether number text (isNumberText) is exactly x, a whole
// number; text of more than maxSays characters is taken not to be.
func says(text string, x float64) bool {
	if len(text) > maxSays {
		return false
	}
	r, ok := new(big.Rat).SetString(text)
	return ok && r.Cmp(new(big.Rat).SetFloat64(x)) == 0
}

// maxSays bounds the text says reads, so that an exponent cannot make
// it work long (a number is at most a few dozen characters).
const maxSays = 400

// showNumber gives the text of a number cell, x, in the format f (a cell
// whose text is not number text, isNumberText and number, shows it as it is).
func (f *numFormat) showNumber(x float64, date1904 bool) string {
	if f.date != nil {
		if x < 0 || x > maxSerial {
			return general(x)
		}
		day, tick := splitSerial(x, f.frac)
		return f.showDay(day, tick, date1904)
	}
	var buf [32]byte
	if x == 0 {
		return f.showDigits(false, nil, 0)
	}
	neg, digits, point := decimalDigits(buf[:0], x, !f.plain)
	return f.showDigits(neg, digits, point)
}

// showDigits gives the text of the number 0.digits times 10^point (digits
// as decimalDigits gives them) in f, a format that is not a date format:
// in a plain number format as Excel shows it, the 15 significant digits
// rounded half away from zero at the last decimal shown (with the percent
// sign, a thousands separator); in any other the number itself (General,
// and the formats read as their number), written out in full, never with
// an exponent, so that it reads back as the number it is (1.5E+20 is
// 150000000000000000000). It may round digits in their array.
func (f *numFormat) showDigits(neg bool, digits []byte, point int) string {
	if !f.plain {
		if len(digits) == 0 {
			return "0" // -0 too
		}
		return plainDecimal(neg, digits, point, -1, false, "")
	}
	suffix := ""
	if f.pct {
		suffix = "%"
		if len(digits) > 0 { // zero has no digits to move: 0%, not 00%
			point += 2
		}
	}
	digits, point = roundDigits(digits, point, f.dec)
	return plainDecimal(neg, digits, point, f.dec, f.group, suffix)
}

// plainDecimal writes the number 0.digits times 10^point (digits with no
// leading zero) with no exponent: with dec decimals (zeros added), or as
// many as it has when dec is -1; with a comma between thousands when
// group is set; then suffix.
func plainDecimal(neg bool, digits []byte, point, dec int, group bool, suffix string) string {
	whole := max(point, 1) // digits before the point
	if dec < 0 {
		dec = max(len(digits)-point, 0)
	}
	var stack [48]byte
	b := stack[:0]
	if n := 1 + whole + whole/3 + 1 + dec + len(suffix); n > len(stack) {
		b = make([]byte, 0, n)
	}
	if neg {
		b = append(b, '-')
	}
	// The k-th digit (from 0, the first before the point at point-1) is
	// digits[k], a zero outside them.
	at := func(k int) byte {
		if k >= 0 && k < len(digits) {
			return digits[k]
		}
		return '0'
	}
	for i := range whole {
		if group && i > 0 && (whole-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, at(point-whole+i))
	}
	if dec > 0 {
		b = append(b, '.')
		for i := range dec {
			b = append(b, at(point+i))
		}
	}
	b = append(b, suffix...)
	return string(b)
}

// roundDigits rounds the number 0.digits times 10^point to dec decimals,
// half away from zero, in digits' own array.
func roundDigits(digits []byte, point, dec int) ([]byte, int) {
	keep := point + dec // the digits kept
	switch {
	case keep >= len(digits):
		return digits, point
	case keep < 0 || digits[keep] < '5':
		return bytes.TrimRight(digits[:max(keep, 0)], "0"), point
	}
	digits = digits[:keep]
	for i := keep - 1; i >= 0; i-- {
		if digits[i] < '9' {
			digits[i]++
			return bytes.TrimRight(digits, "0"), point
		}
		digits[i] = '0'
	}
	return append(digits[:0], '1'), point + 1 // 9.99 up to 10
}

// groupThousands puts a comma between the thousands of the whole part of
// the number text s.
func groupThousands(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(whole[i])
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// unescape undoes the `_xHHHH_` escapes of a workbook's text in one pass:
// `_x000D_` is a carriage return, `_x005F_` an underscore (so
// `_x005F_x000D_` is the text `_x000D_`). An escape of no character
// (a surrogate half) stays as written.
func unescape(s string) string {
	i := strings.Index(s, "_x")
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i:]
		if r, ok := escapeAt(s); ok {
			b.WriteRune(r)
			s = s[7:]
		} else {
			b.WriteString(s[:2])
			s = s[2:]
		}
		i = strings.Index(s, "_x")
	}
	b.WriteString(s)
	return b.String()
}

// byRun is the part a run of n letters m or d writes: one or two give
// the number (kind num, at least n digits), three and more the kinds of
// names, in order, the last for any longer run.
// yearPart is a year of kind ('y', or 'b' for the Buddhist era) written
// with n letters: two digits for yy (or y), in full for more (the kind in
// upper case is the two-digit year).
func yearPart(n int, kind byte) datePart {
	if n <= 2 {
		return datePart{kind: kind - 'a' + 'A'}
	}
	return datePart{kind: kind}
}

func byRun(n int, num byte, names string) datePart {
	if n < 3 {
		return datePart{kind: num, n: n}
	}
	return datePart{kind: names[min(n-3, len(names)-1)]}
}

// escapeAt reads `_xHHHH_` at the start of s.
func escapeAt(s string) (rune, bool) {
	if len(s) < 7 || s[6] != '_' {
		return 0, false
	}
	v, err := strconv.ParseUint(s[2:6], 16, 16) // hexadecimal digits only: no sign, prefix or _
	if err != nil || 0xD800 <= v && v <= 0xDFFF {
		return 0, false
	}
	return rune(v), true
}

// boolBit is 1 for true, 0 for false.
func boolBit(b bool) int {
	if b {
		return 1
	}
	return 0
}
