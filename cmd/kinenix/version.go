package main

import (
	"flag"
	"fmt"
	"runtime/debug"
	"strings"
)

// releaseVersion is the version a release build stamps in with
// `-ldflags "-X main.releaseVersion=v1.2.3"` (make dist does); empty in a
// go install or go build, which take the version from the build
// information instead.
var releaseVersion string

// version prints the version kinenix was built from.
func (c *cli) version(*flag.FlagSet) func(args []string) int {
	return func(args []string) int {
		if len(args) != 0 {
			return c.usageError("version", "version takes no arguments")
		}
		info, ok := debug.ReadBuildInfo()
		fmt.Fprintln(c.stdout, versionText(releaseVersion, info, ok))
		return exitOK
	}
}

// versionText is the version line: `kinenix v0.1.0` for a release build
// (stamped, the version make dist stamps in) or a build of a tagged module
// (go install ...@v0.1.0), or `kinenix (devel)` for a build from a clone;
// then, when the build recorded them, the revision, its time and whether
// the tree had changes; then the Go version.
func versionText(stamped string, info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		if stamped != "" {
			return "kinenix " + stamped
		}
		return "kinenix (unknown version)"
	}
	v := stamped
	if v == "" {
		v = info.Main.Version
	}
	if v == "" {
		v = "(devel)"
	}
	var extra []string
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		extra = append(extra, "revision "+rev)
	}
	if t := settings["vcs.time"]; t != "" {
		extra = append(extra, t)
	}
	if settings["vcs.modified"] == "true" {
		extra = append(extra, "with local changes")
	}
	s := "kinenix " + v
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	if info.GoVersion != "" {
		s += " " + info.GoVersion
	}
	return s
}
