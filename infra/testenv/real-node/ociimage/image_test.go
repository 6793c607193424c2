package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readTar(t *testing.T, data []byte) (map[string][]byte, map[string]*tar.Header) {
	t.Helper()
	files, headers := map[string][]byte{}, map[string]*tar.Header{}
	tr := tar.NewReader(bytes.NewReader(data))
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return files, headers
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(tr)
		files[hdr.Name], headers[hdr.Name] = body, hdr
	}
}

func digestOf(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func TestWriteArchive(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "fortio")
	if err := os.WriteFile(bin, []byte("#!binary"), 0o755); err != nil {
		t.Fatal(err)
	}
	spec := Spec{Name: "docker.io/fortio/fortio:1.68.2", Arch: "amd64", Entrypoint: []string{"/usr/bin/fortio"},
		Cmd: []string{"server"}, Files: []File{{Dest: "/usr/bin/fortio", Src: bin}},
		User: "1337:1337", Env: []string{"PATH=/usr/local/bin", "A=b"}}
	out := filepath.Join(dir, "a.tar")
	if err := WriteArchive(spec, out); err != nil {
		t.Fatal(err)
	}
	archive, _ := os.ReadFile(out)
	files, _ := readTar(t, archive)
	blob := func(digest string) []byte {
		data, ok := files["blobs/sha256/"+strings.TrimPrefix(digest, "sha256:")]
		if !ok || digestOf(data) != digest {
			t.Fatalf("blob %s missing or not matching its digest", digest)
		}
		return data
	}
	if string(files["oci-layout"]) != `{"imageLayoutVersion":"1.0.0"}` {
		t.Fatalf("oci-layout: %q", files["oci-layout"])
	}
	var index struct{ Manifests []descriptor }
	_ = json.Unmarshal(files["index.json"], &index)
	if len(index.Manifests) != 1 || index.Manifests[0].Annotations["io.containerd.image.name"] != spec.Name {
		t.Fatalf("index: %s", files["index.json"])
	}
	var manifest struct {
		Config descriptor
		Layers []descriptor
	}
	_ = json.Unmarshal(blob(index.Manifests[0].Digest), &manifest)
	var config struct {
		Config struct {
			Entrypoint, Cmd, Env []string
			User                 string
		}
		Rootfs struct {
			DiffIDs []string `json:"diff_ids"`
		}
	}
	_ = json.Unmarshal(blob(manifest.Config.Digest), &config)
	if strings.Join(config.Config.Entrypoint, " ") != "/usr/bin/fortio" || strings.Join(config.Config.Cmd, " ") != "server" {
		t.Fatalf("config: %+v", config.Config)
	}
	if config.Config.User != "1337:1337" || strings.Join(config.Config.Env, " ") != "PATH=/usr/local/bin A=b" {
		t.Fatalf("user/env: %+v", config.Config)
	}
	zr, err := gzip.NewReader(bytes.NewReader(blob(manifest.Layers[0].Digest)))
	if err != nil {
		t.Fatal(err)
	}
	layer, _ := io.ReadAll(zr)
	if len(config.Rootfs.DiffIDs) != 1 || config.Rootfs.DiffIDs[0] != digestOf(layer) {
		t.Fatalf("diff_ids %v do not match the uncompressed layer", config.Rootfs.DiffIDs)
	}
	rootfs, headers := readTar(t, layer)
	if string(rootfs["usr/bin/fortio"]) != "#!binary" || headers["usr/bin/fortio"].Mode != 0o755 {
		t.Fatalf("entrypoint missing or not executable")
	}
	if !strings.HasPrefix(string(rootfs["etc/passwd"]), "root:x:0:0:") {
		t.Fatalf("/etc/passwd: %q", rootfs["etc/passwd"])
	}
	if h := headers["tmp/"]; h == nil || h.Mode != 0o1777 {
		t.Fatalf("/tmp must be mode 1777")
	}
	again := filepath.Join(dir, "b.tar")
	if err := WriteArchive(spec, again); err != nil {
		t.Fatal(err)
	}
	if second, _ := os.ReadFile(again); !bytes.Equal(archive, second) {
		t.Fatalf("the same inputs gave a different archive")
	}
}
