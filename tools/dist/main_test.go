package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The archives hold the folder's files with their modes and the one date,
// and the same files give the same bytes.
func TestArchives(t *testing.T) {
	dir := t.TempDir()
	files := []entry{{name: "kinenix", mode: 0o755}, {name: "LICENSE", mode: 0o644}, {name: "README.md", mode: 0o644}}
	for i := range files {
		files[i].path = filepath.Join(dir, files[i].name)
		require.NoError(t, os.WriteFile(files[i].path, []byte("content of "+files[i].name), 0o600))
	}
	mtime := time.Date(2026, 12, 2, 7, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name  string
		write func(io.Writer, string, []entry, time.Time) error
		read  func(*testing.T, []byte) map[string]string
	}{
		{"tar.gz", writeTarGz, readTarGz},
		{"zip", writeZip, readZip},
	} {
		t.Run(c.name, func(t *testing.T) {
			var a, b bytes.Buffer
			require.NoError(t, c.write(&a, "kinenix_v1.2.3_os_arch", files, mtime))
			require.NoError(t, c.write(&b, "kinenix_v1.2.3_os_arch", files, mtime))
			require.Equal(t, a.Bytes(), b.Bytes(), "two writes of the same files differ")
			got := c.read(t, a.Bytes())
			want := map[string]string{}
			for _, f := range files {
				want["kinenix_v1.2.3_os_arch/"+f.name] = os.FileMode(f.mode).String() + " " + mtime.Format(time.RFC3339) + " content of " + f.name
			}
			require.Equal(t, want, got)
		})
	}
}

func readTarGz(t *testing.T, b []byte) map[string]string {
	gz, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	tr := tar.NewReader(gz)
	got := map[string]string{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return got
		}
		require.NoError(t, err)
		require.Equal(t, 0, h.Uid)
		if h.Typeflag == tar.TypeDir {
			require.Equal(t, "kinenix_v1.2.3_os_arch/", h.Name)
			continue
		}
		body, err := io.ReadAll(tr)
		require.NoError(t, err)
		got[h.Name] = h.FileInfo().Mode().String() + " " + h.ModTime.UTC().Format(time.RFC3339) + " " + string(body)
	}
}

func readZip(t *testing.T, b []byte) map[string]string {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	got := map[string]string{}
	for _, f := range zr.File {
		r, err := f.Open()
		require.NoError(t, err)
		body, err := io.ReadAll(r)
		require.NoError(t, err)
		got[f.Name] = f.Mode().String() + " " + f.Modified.UTC().Format(time.RFC3339) + " " + string(body)
	}
	return got
}

func TestRunRefuses(t *testing.T) {
	for _, c := range []struct{ version, only, want string }{
		{"", "", "-version \"\": give the version"},
		{"v1 2", "", "no spaces"},
		{"v1.2.3", "plan9/amd64", "unknown target plan9/amd64"},
	} {
		t.Setenv("SOURCE_DATE_EPOCH", "1764658800")
		err := run(c.version, filepath.Join(t.TempDir(), "dist"), c.only)
		require.ErrorContains(t, err, c.want)
	}
}

// R1: the release build records the revision whatever GOFLAGS says
// (-buildvcs=true comes after GOFLAGS' -buildvcs=false on go's command
// line, and wins), so that `kinenix version` shows it; static, stripped and
// stamped as before.
func TestBuildArgsRecordRevision(t *testing.T) {
	args := buildArgs("v1.2.3", "/tmp/x/kinenix")
	require.Equal(t, "build", args[0])
	require.Contains(t, args, "-buildvcs=true")
	require.Contains(t, args, "-trimpath")
	require.Contains(t, args, "-s -w -X main.releaseVersion=v1.2.3")
	require.Equal(t, "./cmd/kinenix", args[len(args)-1])
}
