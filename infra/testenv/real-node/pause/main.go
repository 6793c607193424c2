// Command pause is the sandbox process of every pod on the real-node test cluster. There is no
// registry here to pull registry.k8s.io/pause from, so this stands in for it: like the real
// one it holds the pod's namespaces open, reaps orphaned children (it is PID 1 when the pod
// shares its PID namespace) and exits on SIGTERM/SIGINT.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT, syscall.SIGCHLD)
	for s := range signals {
		if s != syscall.SIGCHLD {
			os.Exit(0)
		}
		reap()
	}
}

func reap() {
	for {
		var status syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &status, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
	}
}
