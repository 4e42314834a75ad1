// Go's net/http client as h2scope's client suite drives it: every URL requested at once (one goroutine each) through
// one Transport, one "h2scope-outcome CODE STATUS OCTETS URL [MESSAGE]" line per request, exit status 1 when any
// failed. Standard library only, so it builds offline with Debian's Go.
//
// usage: h2scope-go-client [--h2c] [--ca FILE] [--body FILE] URL...
//
// --h2c speaks h2c with prior knowledge. net/http has no switch for that: its bundled HTTP/2 transport can (the
// AllowHTTP and DialTLS fields golang.org/x/net/http2's h2c recipe sets), but net/http keeps it unexported, so the
// fields are set through reflection on the transport net/http wires up itself.
package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

func main() {
	var ca, body string
	var h2c bool
	var urls []string
	args := os.Args[1:]
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--h2c":
			h2c = true
		case args[i] == "--ca" && i+1 < len(args):
			i++
			ca = args[i]
		case args[i] == "--body" && i+1 < len(args):
			i++
			body = args[i]
		default:
			urls = append(urls, args[i])
		}
	}
	if len(urls) == 0 {
		fmt.Fprintln(os.Stderr, "usage: h2scope-go-client [--h2c] [--ca FILE] [--body FILE] URL...")
		os.Exit(2)
	}
	t1 := &http.Transport{ForceAttemptHTTP2: true}
	if ca != "" {
		pem, err := os.ReadFile(ca)
		pool := x509.NewCertPool()
		if err != nil || !pool.AppendCertsFromPEM(pem) {
			fmt.Fprintln(os.Stderr, "cannot read the CA certificate", ca, err)
			os.Exit(2)
		}
		t1.TLSClientConfig = &tls.Config{RootCAs: pool}
	}
	var rt http.RoundTripper = t1
	if h2c {
		var err error
		if rt, err = priorKnowledge(t1); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	client := &http.Client{Transport: rt}
	var wg sync.WaitGroup
	var mu sync.Mutex
	failed := 0
	for _, u := range urls {
		wg.Add(1)
		go func(u string) {
			defer wg.Done()
			code, status, octets, message := fetch(client, u, body)
			mu.Lock()
			defer mu.Unlock()
			if code != "0" {
				failed++
			}
			fmt.Println(strings.TrimSpace(strings.Join([]string{"h2scope-outcome", code, strconv.Itoa(status),
				strconv.FormatInt(octets, 10), u, message}, " ")))
		}(u)
	}
	wg.Wait()
	if failed > 0 {
		os.Exit(1)
	}
}

// fetch makes one request and says what the client reported: "0" and the response, or the error's type and text.
func fetch(client *http.Client, u, body string) (string, int, int64, string) {
	method := "GET"
	var content io.Reader
	if body != "" {
		f, err := os.Open(body)
		if err != nil {
			return "BodyNotReadable", 0, 0, oneLine(err)
		}
		defer f.Close()
		method, content = "POST", f
	}
	req, err := http.NewRequest(method, u, content)
	if err != nil {
		return "BadRequest", 0, 0, oneLine(err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return code(err), 0, 0, oneLine(err)
	}
	defer resp.Body.Close()
	n, err := io.Copy(io.Discard, resp.Body)
	if err != nil {
		return code(err), resp.StatusCode, n, oneLine(err)
	}
	if resp.ProtoMajor != 2 {
		return "NotHTTP2", resp.StatusCode, n, "the response came over " + resp.Proto
	}
	return "0", resp.StatusCode, n, ""
}

// code names an error by its type (the url.Error wrapper left out): http.http2StreamError, *net.OpError.
func code(err error) string {
	var wrapped *url.Error
	if errors.As(err, &wrapped) {
		err = wrapped.Err
	}
	return strings.ReplaceAll(fmt.Sprintf("%T", err), " ", "")
}

func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// priorKnowledge returns the HTTP/2 transport net/http bundled and wired into t1, told to speak h2c on http:// URLs
// and to dial plain TCP, with a connection pool that dials (the one net/http gives it only reuses TLS connections).
func priorKnowledge(t1 *http.Transport) (http.RoundTripper, error) {
	// Clone wires the bundled HTTP/2 transport into t1 (onceSetNextProtoDefaults) without asking it for its connection
	// pool, which it picks once, on first use
	_ = t1.Clone()
	field := reflect.ValueOf(t1).Elem().FieldByName("h2transport")
	if !field.IsValid() || field.IsNil() {
		return nil, errors.New("this Go's net/http has no bundled HTTP/2 transport: h2c with prior knowledge is not possible")
	}
	t2 := reflect.NewAt(field.Type(), unsafe.Pointer(field.UnsafeAddr())).Elem().Elem()
	fields := t2.Elem()
	allow, dial, pool := fields.FieldByName("AllowHTTP"), fields.FieldByName("DialTLS"), fields.FieldByName("ConnPool")
	if !allow.IsValid() || !dial.IsValid() || !pool.IsValid() {
		return nil, errors.New("this Go's bundled HTTP/2 transport lacks AllowHTTP, DialTLS or ConnPool: h2c with prior knowledge is not possible")
	}
	allow.SetBool(true)
	dial.Set(reflect.ValueOf(func(network, addr string, _ *tls.Config) (net.Conn, error) {
		return net.Dial(network, addr)
	}))
	pool.Set(reflect.Zero(pool.Type()))
	rt, ok := t2.Interface().(http.RoundTripper)
	if !ok {
		return nil, errors.New("this Go's bundled HTTP/2 transport is not a RoundTripper")
	}
	return rt, nil
}
