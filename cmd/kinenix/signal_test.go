//go:build unix

package main

import (
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// signalInterrupts turns the process's first SIGINT into a call, and
// stops catching signals when the run ends.
func TestSignalInterrupts(t *testing.T) {
	got := make(chan struct{})
	stop := signalInterrupts(func() { close(got) })
	defer stop()
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGINT))
	<-got
}
