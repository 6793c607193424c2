// Command ociimage writes a one-layer OCI image archive (oci-layout, index.json, blobs) from
// local static binaries, for `ctr -n k8s.io images import`: no registry is reachable here, and
// an image imported under the exact name a manifest uses is never pulled.
//
//	ociimage -name docker.io/fortio/fortio:1.68.2 -out fortio.tar \
//	  -entrypoint /usr/bin/fortio -cmd server -file /usr/bin/fortio=/path/to/fortio
//
// -user uid[:gid] and -env KEY=value (repeatable) set the image config's User and Env.
//
// The rootfs always holds /etc/passwd, /etc/group and a world-writable sticky /tmp (Fortio's
// -data-dir). Every timestamp is zero, so the same inputs give the same digests.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

type fileList []string

func (f *fileList) String() string     { return strings.Join(*f, ",") }
func (f *fileList) Set(v string) error { *f = append(*f, v); return nil }

func main() {
	var files, cmd, env fileList
	spec := Spec{Arch: "amd64"}
	flag.StringVar(&spec.Name, "name", "", "image name (io.containerd.image.name annotation)")
	out := flag.String("out", "", "archive to write")
	entrypoint := flag.String("entrypoint", "", "entrypoint (one path)")
	flag.Var(&cmd, "cmd", "default argument (repeatable)")
	flag.Var(&files, "file", "DEST=SRC: copy SRC into the rootfs at DEST (repeatable)")
	flag.StringVar(&spec.Arch, "arch", spec.Arch, "image architecture")
	flag.StringVar(&spec.User, "user", "", "uid[:gid] the container runs as (default root)")
	flag.Var(&env, "env", "KEY=value environment entry (repeatable; PATH replaces the default)")
	flag.Parse()
	if spec.Name == "" || *out == "" || *entrypoint == "" {
		fmt.Fprintln(os.Stderr, "ociimage: -name, -out and -entrypoint are required")
		os.Exit(2)
	}
	spec.Entrypoint = []string{*entrypoint}
	spec.Cmd = cmd
	spec.Env = env
	for _, f := range files {
		dest, src, ok := strings.Cut(f, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "ociimage: -file %q is not DEST=SRC\n", f)
			os.Exit(2)
		}
		spec.Files = append(spec.Files, File{Dest: dest, Src: src})
	}
	if err := WriteArchive(spec, *out); err != nil {
		fmt.Fprintln(os.Stderr, "ociimage:", err)
		os.Exit(1)
	}
}
