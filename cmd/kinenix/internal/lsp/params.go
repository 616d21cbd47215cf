package lsp

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode"
)

// paramsError is the InvalidParams error for params of method that do not
// decode: in plain words, naming the method and the field by its JSON
// path (textDocument.version), what it holds and what to write there;
// never encoding/json's message with Go's type names. raw is what was
// decoded: the params as sent, or the value of the field of the params
// named under (initializationOptions), "" for the params themselves.
func paramsError(method, under string, raw json.RawMessage, err error) *rpcError {
	whole := "the params are"
	if under != "" {
		whole = under + " is"
	}
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return errorf(codeInvalidParams, "invalid params of %s: %s not what the LSP specification gives %s", method, whole, method)
	}
	got := jsonWords(te.Value)
	want := "a value of another kind"
	if te.Type != nil {
		want = goKindWords(te.Type.Kind().String())
		if strings.HasPrefix(te.Value, "number") {
			// A number of the wrong size or sign: the range says which.
			want += numberRange(te.Type.Kind().String())
		}
	}
	field := jsonPath(te.Field)
	switch {
	case field != "":
		if under != "" {
			field = under + "." + field
		}
		return errorf(codeInvalidParams, "invalid params of %s: %s is %s; write %s there", method, field, got, want)
	case !strings.HasPrefix(strings.TrimSpace(string(raw)), "{"):
		return errorf(codeInvalidParams, "invalid params of %s: %s %s; write an object {...} of named fields", method, whole, got)
	}
	return errorf(codeInvalidParams, "invalid params of %s: a value inside %s is %s; write %s there", method, strings.TrimSuffix(strings.TrimSuffix(whole, " are"), " is"), got, want)
}

// messageError is the ParseError for a message body that does not decode
// as a JSON-RPC message, in plain words as paramsError's: where JSON
// breaks off, or what of the message has the wrong kind.
func messageError(body []byte, err error) *rpcError {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return errorf(codeParseError, "the message is not valid JSON: it stops being JSON at byte %d of %d", se.Offset, len(body))
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		got := jsonWords(te.Value)
		if field := jsonPath(te.Field); field != "" {
			want := "a value of another kind"
			if te.Type != nil {
				want = goKindWords(te.Type.Kind().String())
			}
			return errorf(codeParseError, "the message is not valid JSON-RPC: %s is %s; write %s there", field, got, want)
		}
		return errorf(codeParseError, "the message is %s, not a JSON-RPC object {...}", got)
	}
	return errorf(codeParseError, "the message is not valid JSON")
}

// jsonPath is encoding/json's path of a field (Field of an
// UnmarshalTypeError) as the JSON names it: the names of Go's embedded
// structs, which start with a capital letter where every LSP field starts
// with a small one, are left out.
func jsonPath(field string) string {
	var parts []string
	for _, p := range strings.Split(field, ".") {
		if r := []rune(p); len(r) > 0 && !unicode.IsUpper(r[0]) {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ".")
}

// jsonWords says what a JSON value is, from encoding/json's words for it
// ("string", "number -1", "array", "object", "bool").
func jsonWords(v string) string {
	switch {
	case v == "string":
		return "text (a JSON string)"
	case v == "number":
		return "a number"
	case strings.HasPrefix(v, "number "):
		return "the number " + cut(strings.TrimPrefix(v, "number "), 40)
	case v == "array":
		return "a list [...]"
	case v == "object":
		return "an object {...}"
	case v == "bool":
		return "true or false"
	}
	return "a value of another kind"
}

// numberRange is the range of the whole numbers of a Go kind of 32 bits,
// as the protocol's integer (-2^31 to 2^31-1) and uinteger (0 to 2^32-1)
// are: " from -2147483648 to 2147483647" ("from 0" is said already for a
// uinteger), "" for another kind.
func numberRange(kind string) string {
	switch kind {
	case "int32":
		return " from -2147483648 to 2147483647"
	case "uint32":
		return " to 4294967295"
	}
	return ""
}

// goKindWords says what a Go kind (reflect.Kind's name) takes in JSON.
func goKindWords(kind string) string {
	switch {
	case kind == "struct" || kind == "map" || kind == "interface":
		return "an object {...}"
	case kind == "slice" || kind == "array":
		return "a list [...]"
	case kind == "string":
		return "text in double quotes"
	case kind == "bool":
		return "true or false"
	case strings.HasPrefix(kind, "uint"):
		return "a whole number from 0"
	case strings.HasPrefix(kind, "int"):
		return "a whole number"
	case strings.HasPrefix(kind, "float"):
		return "a number"
	}
	return "a value of another kind"
}
