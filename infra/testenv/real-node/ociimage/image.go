package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path"
	"sort"
	"strings"
	"time"
)

const (
	mediaIndex    = "application/vnd.oci.image.index.v1+json"
	mediaManifest = "application/vnd.oci.image.manifest.v1+json"
	mediaConfig   = "application/vnd.oci.image.config.v1+json"
	mediaLayer    = "application/vnd.oci.image.layer.v1.tar+gzip"
	defaultPath   = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
)

type File struct{ Dest, Src string }

type Spec struct {
	Name, Arch      string
	Entrypoint, Cmd []string
	Files           []File
	// User ("uid[:gid]") the container runs as unless its pod says otherwise; empty: root.
	User string
	// Env entries ("KEY=value") after the default PATH; a PATH entry replaces the default.
	Env []string
}

func (s Spec) env() []string {
	env := []string{defaultPath}
	for _, e := range s.Env {
		if strings.HasPrefix(e, "PATH=") {
			env[0] = e
		} else {
			env = append(env, e)
		}
	}
	return env
}

type descriptor struct {
	MediaType   string            `json:"mediaType"`
	Digest      string            `json:"digest"`
	Size        int               `json:"size"`
	Platform    map[string]string `json:"platform,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
}

type blob struct {
	desc descriptor
	data []byte
}

func newBlob(mediaType string, data []byte) blob {
	sum := sha256.Sum256(data)
	return blob{descriptor{MediaType: mediaType, Digest: "sha256:" + hex.EncodeToString(sum[:]), Size: len(data)}, data}
}

// WriteArchive assembles the image and writes the archive (through a temp file, renamed).
func WriteArchive(spec Spec, out string) error {
	layerTar, err := rootfs(spec.Files)
	if err != nil {
		return err
	}
	diffID := sha256.Sum256(layerTar)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz) // zero ModTime and no Name: reproducible
	if _, err := zw.Write(layerTar); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	layer := newBlob(mediaLayer, gz.Bytes())
	config := newBlob(mediaConfig, mustJSON(map[string]any{
		"architecture": spec.Arch,
		"os":           "linux",
		"config": map[string]any{
			"Entrypoint": spec.Entrypoint, "Cmd": spec.Cmd, "Env": spec.env(), "WorkingDir": "/", "User": spec.User,
		},
		"rootfs": map[string]any{"type": "layers", "diff_ids": []string{"sha256:" + hex.EncodeToString(diffID[:])}},
	}))
	manifest := newBlob(mediaManifest, mustJSON(map[string]any{
		"schemaVersion": 2, "mediaType": mediaManifest,
		"config": config.desc, "layers": []descriptor{layer.desc},
	}))
	entry := manifest.desc
	entry.Platform = map[string]string{"architecture": spec.Arch, "os": "linux"}
	entry.Annotations = map[string]string{"io.containerd.image.name": spec.Name}
	index := mustJSON(map[string]any{"schemaVersion": 2, "mediaType": mediaIndex, "manifests": []descriptor{entry}})

	var archive bytes.Buffer
	tw := tar.NewWriter(&archive)
	add := func(name string, data []byte) error { return writeEntry(tw, name, 0o644, data) }
	if err := add("oci-layout", []byte(`{"imageLayoutVersion":"1.0.0"}`)); err != nil {
		return err
	}
	if err := add("index.json", index); err != nil {
		return err
	}
	for _, b := range []blob{layer, config, manifest} {
		if err := add("blobs/sha256/"+strings.TrimPrefix(b.desc.Digest, "sha256:"), b.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	tmp := out + ".tmp"
	if err := os.WriteFile(tmp, archive.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}

// rootfs is the uncompressed layer: the given files, their parent directories, /etc and /tmp.
func rootfs(files []File) ([]byte, error) {
	contents := map[string][]byte{
		"etc/passwd": []byte("root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n"),
		"etc/group":  []byte("root:x:0:\nnogroup:x:65534:\n"),
	}
	modes := map[string]int64{"etc/passwd": 0o644, "etc/group": 0o644}
	for _, f := range files {
		data, err := os.ReadFile(f.Src)
		if err != nil {
			return nil, err
		}
		name := strings.TrimPrefix(path.Clean("/"+f.Dest), "/")
		contents[name], modes[name] = data, 0o755
	}
	dirs := map[string]int64{"tmp": 0o1777, "root": 0o700}
	for name := range contents {
		for d := path.Dir(name); d != "."; d = path.Dir(d) {
			if _, ok := dirs[d]; !ok {
				dirs[d] = 0o755
			}
		}
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, d := range sortedKeys(dirs) {
		hdr := &tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: dirs[d], ModTime: time.Unix(0, 0), Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, err
		}
	}
	for _, name := range sortedKeys(contents) {
		if err := writeEntry(tw, name, modes[name], contents[name]); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeEntry(tw *tar.Writer, name string, mode int64, data []byte) error {
	hdr := &tar.Header{Typeflag: tar.TypeReg, Name: name, Mode: mode, Size: int64(len(data)), ModTime: time.Unix(0, 0), Format: tar.FormatPAX}
	if err := tw.WriteHeader(hdr); err != nil {
		return err
	}
	_, err := tw.Write(data)
	return err
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}
