// Command dist builds the release archives of kinenix (make dist): for
// each target, a static binary (CGO_ENABLED=0, -trimpath, the version
// stamped in with -X main.releaseVersion) packed with LICENSE and
// README.md, as .tar.gz for linux and darwin and .zip for windows, and
// SHA256SUMS over the archives. The archives are reproducible: their
// entries are in a fixed order, owned by root, and dated the time of the
// commit (SOURCE_DATE_EPOCH when set), so two builds of one commit with
// one Go give the same bytes.
//
//	go run ./tools/dist -version v1.2.3 -out dist
//
// It is a tool of this repository, not part of the library.
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// targets are the platforms of a release.
var targets = []struct{ goos, goarch string }{
	{"linux", "amd64"},
	{"linux", "arm64"},
	{"darwin", "amd64"},
	{"darwin", "arm64"},
	{"windows", "amd64"},
	{"windows", "arm64"},
}

// extra are the files packed beside the binary.
var extra = []string{"LICENSE", "README.md"}

func main() {
	version := flag.String("version", "", "the version to stamp in and name the archives with, such as v1.2.3 (required)")
	out := flag.String("out", "dist", "the folder the archives and SHA256SUMS are written to; it is emptied first")
	only := flag.String("targets", "", "build only these GOOS/GOARCH pairs, comma-separated (default: all six)")
	flag.Parse()
	if err := run(*version, *out, *only); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
}

func run(version, out, only string) error {
	if version == "" || strings.ContainsAny(version, "/\\ \t\n") {
		return fmt.Errorf("-version %q: give the version to stamp in, such as v1.2.3, with no spaces or slashes", version)
	}
	mtime, err := sourceDate()
	if err != nil {
		return err
	}
	want := map[string]bool{}
	for _, t := range strings.Split(only, ",") {
		if t = strings.TrimSpace(t); t != "" {
			want[t] = true
		}
	}
	var unknown []string
	for t := range want {
		if !known(t) {
			unknown = append(unknown, t)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("-targets: unknown target %s; the targets are linux, darwin and windows on amd64 and arm64, as GOOS/GOARCH", strings.Join(unknown, ", "))
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var sums []string
	for _, t := range targets {
		if len(want) > 0 && !want[t.goos+"/"+t.goarch] {
			continue
		}
		name, err := buildArchive(version, t.goos, t.goarch, out, mtime)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", t.goos, t.goarch, err)
		}
		sum, err := sha256File(filepath.Join(out, name))
		if err != nil {
			return err
		}
		sums = append(sums, sum+"  "+name+"\n")
	}
	// One line per archive, as sha256sum writes them, in the order of
	// targets.
	return os.WriteFile(filepath.Join(out, "SHA256SUMS"), []byte(strings.Join(sums, "")), 0o644)
}

func known(target string) bool {
	for _, t := range targets {
		if t.goos+"/"+t.goarch == target {
			return true
		}
	}
	return false
}

// sourceDate is the time the archive entries carry: SOURCE_DATE_EPOCH, or
// the time of the commit checked out.
func sourceDate() (time.Time, error) {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q is not a number of seconds", s)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	b, err := exec.Command("git", "log", "-1", "--format=%ct").Output()
	if err != nil {
		return time.Time{}, errors.New("cannot read the commit time with git; set SOURCE_DATE_EPOCH to the seconds since 1970 the archive entries should carry")
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("git gave %q as the commit time", b)
	}
	return time.Unix(n, 0).UTC(), nil
}

// buildArgs are the arguments of the go build of one binary: static and
// stripped, the version stamped in, and the revision recorded
// (-buildvcs=true, which a builder's GOFLAGS=-buildvcs=false would
// otherwise turn off), so that `kinenix version` shows it as the README
// says.
func buildArgs(version, bin string) []string {
	return []string{"build", "-trimpath", "-buildvcs=true", "-ldflags", "-s -w -X main.releaseVersion=" + version, "-o", bin, "./cmd/kinenix"}
}

// buildArchive builds kinenix for one target and writes its archive into
// out; it returns the archive's file name.
func buildArchive(version, goos, goarch, out string, mtime time.Time) (string, error) {
	base := "kinenix_" + version + "_" + goos + "_" + goarch
	exe := "kinenix"
	if goos == "windows" {
		exe += ".exe"
	}
	tmp, err := os.MkdirTemp("", "kinenix-dist-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, exe)
	cmd := exec.Command("go", buildArgs(version, bin)...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build: %w", err)
	}
	files := []entry{{path: bin, name: exe, mode: 0o755}}
	for _, f := range extra {
		files = append(files, entry{path: f, name: f, mode: 0o644})
	}
	var buf bytes.Buffer
	name := base + ".tar.gz"
	if goos == "windows" {
		name = base + ".zip"
		err = writeZip(&buf, base, files, mtime)
	} else {
		err = writeTarGz(&buf, base, files, mtime)
	}
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(out, name), buf.Bytes(), 0o644); err != nil {
		return "", err
	}
	fmt.Fprintf(os.Stderr, "dist: %s (kinenix %s, %d bytes)\n", filepath.Join(out, name), goos+"/"+goarch, size(bin))
	return name, nil
}

type entry struct {
	path, name string
	mode       int64
}

func size(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// writeTarGz writes the files under the folder dir of a .tar.gz.
func writeTarGz(w io.Writer, dir string, files []entry, mtime time.Time) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: dir + "/", Mode: 0o755, ModTime: mtime, Format: tar.FormatPAX}); err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f.path)
		if err != nil {
			return err
		}
		h := &tar.Header{Typeflag: tar.TypeReg, Name: dir + "/" + f.name, Mode: f.mode, Size: int64(len(b)), ModTime: mtime, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(b); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// writeZip writes the files under the folder dir of a .zip.
func writeZip(w io.Writer, dir string, files []entry, mtime time.Time) error {
	zw := zip.NewWriter(w)
	for _, f := range files {
		b, err := os.ReadFile(f.path)
		if err != nil {
			return err
		}
		h := &zip.FileHeader{Name: dir + "/" + f.name, Method: zip.Deflate, Modified: mtime}
		h.SetMode(os.FileMode(f.mode))
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := fw.Write(b); err != nil {
			return err
		}
	}
	return zw.Close()
}

func sha256File(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), nil
}
