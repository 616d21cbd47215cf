package main

// TEMPORARY until the data branch lands; not committed.

import (
	"io"
	"os"
	"strings"

	"github.com/kinenix/expressions/data"
)

func loadDataNew(path string, stdin io.Reader) (*data.Data, error) {
	var b []byte
	var err error
	var opts []data.Option
	name := path
	if path == "-" {
		b, err = io.ReadAll(stdin)
		name = ""
	} else {
		if p, sh, ok := strings.Cut(path, "#"); ok {
			path = p
			opts = append(opts, data.Sheet(sh))
		}
		b, err = os.ReadFile(path)
	}
	if err != nil {
		return nil, err
	}
	return data.Decode(name, b, opts...)
}
