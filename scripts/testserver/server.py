"""HTTPS (or plain HTTP) test server for paywalls. See `scripts/test-server --help`."""
import argparse
import gzip as gzipmod
import hashlib
import http.server
import json
import os
import select
import signal
import socket
import ssl
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import certs  # noqa: E402

HELP = """\
scripts/test-server --dir DIR [--port 0] [--script FILE] [options]

A small HTTPS server for tests, loopback only (127.0.0.1), Python stdlib + openssl CLI.

Startup
  Creates in DIR (reused if already there, so several servers can share one CA):
    ca.pem, ca.key          throwaway test CA (give ca.pem to the client as ca_file / --cacert)
    server.pem              cert+key, SAN IP:127.0.0.1, DNS:localhost, signed by ca.pem (default)
    expired.pem             same names, signed by ca.pem, valid 2020-01-01..2020-01-02 only
    wrong-host.pem          SAN DNS:other.invalid only, signed by ca.pem
    other-ca.pem, .key      an unrelated CA (client ca_file for wrong-CA tests)
  Listens with TLS 1.2+ on 127.0.0.1:PORT (0 = any free port) and, once accepting, writes
  atomically DIR/server.json (or --info FILE):
    {"port": N, "pid": P, "ca": "DIR/ca.pem", "url": "https://127.0.0.1:N", "plain": false, "cert": "server"}
  Tests poll for that file. It is removed again when the server exits.
  Stops on SIGTERM/SIGINT, or by itself after --lifetime SECONDS (default 120).

Options
  --dir DIR            working directory (required)
  --port N             port, 0 = pick a free one (default 0)
  --script FILE        JSON behaviour script, re-read on every request (default: DIR/script.json;
                       if absent every path answers 404)
  --cert NAME          serve server|expired|wrong-host (default server); wrong CA: give the client other-ca.pem
  --plain              plain HTTP instead of HTTPS (url http://127.0.0.1:N), for "http refused /
                       allowed with --allow-insecure-loopback" tests and as a redirect target
  --lifetime SECONDS   hard bound on the server's life (default 120)
  --info FILE          where to write the JSON info (default DIR/server.json)
  --log FILE           request log (default DIR/requests.log)

Script format (JSON)
  { "/path": [response, response, ...], "/other": response, "*": response }
  or the same mapping under a top-level "paths" key. The request path (query string ignored) is looked
  up exactly, then "*"; no match -> 404. The responses of a path are consumed in order, one per request;
  the last one repeats. Counters reset whenever the script file's content changes (so a test rewrites
  the file between runs to change behaviour).
  A response is an object; every key is optional:
    status                 HTTP status (default 200; 302 when redirect_to is set)
    headers                {"Name": "value", ...} extra response headers
    body                   text body (a non-string JSON value is serialized as JSON)
    body_file              file to send (relative paths are relative to the script file's directory)
    content_type           Content-Type (default application/json)
    retry_after            adds Retry-After: <value> (e.g. with status 503 or 429)
    etag                   adds ETag: <value>; if the request's If-None-Match matches -> 304, no body
                           (give the quotes yourself, e.g. "\\"v1\\"")
    last_modified          adds Last-Modified: <value>; if If-Modified-Since equals it -> 304, no body
    gzip                   true: gzip the body when Accept-Encoding allows gzip (Content-Encoding: gzip)
    oversize_bytes         N: body of exactly N bytes of valid JSON {"padding":"xxxx..."} (streamed)
    require_bearer         "TOKEN": 401 (WWW-Authenticate: Bearer) unless Authorization: Bearer TOKEN
    require_query          "a=1&b=2": 404 (note "query-mismatch") unless the query string is exactly this
    require_headers        {"Name": "value", ...}: 404 (note "header-mismatch") unless each header has exactly
                           that value (a value ending in "*": that prefix)
    redirect_to            "/path" (same server) or a full URL (https://... or http://...); sets Location
    delay_seconds          sleep before sending the response headers
    drip_bytes_per_second  send the body slowly at about this rate
    stall_after_bytes      send full Content-Length headers, then N body bytes, then stop writing and hold
                           the connection until the client gives up (bounded by stall_seconds, default 60)
    truncate_after_bytes   declare the full Content-Length, send only N body bytes, close
    broken_chunked         true: Transfer-Encoding: chunked, close without the terminating 0-chunk
    chunked                true: proper Transfer-Encoding: chunked (no Content-Length)
  Invalid JSON / invalid schema / wrong content type are just "body" + "content_type" choices.

Request log
  One JSON line per request appended to DIR/requests.log:
    {"time": ..., "method", "path", "query", "if_none_match", "if_modified_since", "accept_encoding",
     "authorization": "present"|"absent", "accept", "user_agent", "host", "header_names" (lowercased, no
     values), "status", "entry": index used,
     "note": e.g. "bearer-mismatch"}
  The Authorization value is never logged. TLS handshake failures are logged with
  "method": null, "path": null and "tls_error".

From a test
  scripts/test-server --dir "$D" --script "$D/script.json" & ; poll until "$D/server.json" exists
  (read url/port/pid from it); run the client with ca_file "$D/ca.pem"; stop with `kill -TERM <pid>`
  (the pid in server.json) and wait for it; it also exits by itself after --lifetime.
"""

LOG_LOCK = threading.Lock()
STATE_LOCK = threading.Lock()


class State:
    def __init__(self, args):
        self.args = args
        self.script_path = os.path.abspath(args.script) if args.script else os.path.join(args.dir, "script.json")
        self.digest = None
        self.counters = {}
        self.stop = threading.Event()

    def pick(self, path):
        """Return (response dict or None, index)."""
        try:
            raw = open(self.script_path, "rb").read()
        except FileNotFoundError:
            raw = b"{}"
        digest = hashlib.sha256(raw).hexdigest()
        try:
            script = json.loads(raw.decode("utf-8") or "{}")
        except ValueError as e:
            return {"status": 500, "body": "test-server: bad script: %s" % e, "content_type": "text/plain"}, -1
        if isinstance(script, dict) and isinstance(script.get("paths"), dict):
            script = script["paths"]
        key = path if path in script else ("*" if "*" in script else None)
        if key is None:
            return None, -1
        entries = script[key]
        if isinstance(entries, dict):
            entries = [entries]
        if not entries:
            return None, -1
        with STATE_LOCK:
            if digest != self.digest:
                self.digest = digest
                self.counters = {}
            i = self.counters.get(key, 0)
            self.counters[key] = i + 1
        i = min(i, len(entries) - 1)
        return entries[i], i


def log_request(state, rec):
    rec["time"] = round(time.time(), 3)
    line = json.dumps(rec, sort_keys=True) + "\n"
    with LOG_LOCK:
        with open(state.args.log, "a") as f:
            f.write(line)


def etag_matches(header, etag):
    if not header:
        return False
    norm = lambda t: t.strip()[2:] if t.strip().startswith("W/") else t.strip()
    for t in header.split(","):
        if t.strip() == "*" or norm(t) == norm(etag):
            return True
    return False


def accepts_gzip(header):
    if not header:
        return False
    for part in header.split(","):
        bits = [b.strip() for b in part.split(";")]
        if bits[0].lower() in ("gzip", "x-gzip", "*"):
            for b in bits[1:]:
                if b.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000"):
                    return False
            return True
    return False


class Body:
    """A body source: either bytes or a file path, with a length and a chunk iterator."""

    def __init__(self, data=None, path=None, oversize=None):
        self.data, self.path, self.oversize = data, path, oversize
        if data is not None:
            self.length = len(data)
        elif path is not None:
            self.length = os.path.getsize(path)
        else:
            self.length = oversize

    def chunks(self, size=65536):
        if self.data is not None:
            for i in range(0, len(self.data), size):
                yield self.data[i:i + size]
        elif self.path is not None:
            with open(self.path, "rb") as f:
                while True:
                    b = f.read(size)
                    if not b:
                        return
                    yield b
        else:
            n = self.oversize
            head, tail = b'{"padding":"', b'"}'
            if n < len(head) + len(tail):
                yield (b" " * n)
                return
            yield head
            left = n - len(head) - len(tail)
            block = b"x" * size
            while left > 0:
                k = min(left, size)
                yield block[:k]
                left -= k
            yield tail


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "paywalls-test-server/1"

    def log_message(self, fmt, *a):  # quiet
        pass

    def do_GET(self):
        self.handle_any(True)

    def do_HEAD(self):
        self.handle_any(False)

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        if n:
            self.rfile.read(n)
        self.handle_any(True)

    do_PUT = do_POST
    do_DELETE = do_GET

    def handle_any(self, with_body):
        self.close_connection = True
        state = self.server.state
        path, _, query = self.path.partition("?")
        h = self.headers
        rec = {
            "method": self.command, "path": path, "query": query or None,
            "if_none_match": h.get("If-None-Match"), "if_modified_since": h.get("If-Modified-Since"),
            "accept_encoding": h.get("Accept-Encoding"),
            "authorization": "present" if h.get("Authorization") is not None else "absent",
            "accept": h.get("Accept"), "user_agent": h.get("User-Agent"),
            "host": h.get("Host"), "header_names": sorted({name.lower() for name in h.keys()}),
        }
        resp, idx = state.pick(path)
        rec["entry"] = idx
        if resp is None:
            resp = {"status": 404, "body": "not found\n", "content_type": "text/plain"}
        try:
            self.respond(resp, rec, with_body)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, socket.timeout, OSError):
            pass

    def mismatch(self, r):
        """The note of a request that is not the one the response is for, or None."""
        query = self.path.partition("?")[2]
        if r.get("require_query") is not None and query != r["require_query"]:
            return "query-mismatch"
        for name, wanted in (r.get("require_headers") or {}).items():
            got = self.headers.get(name)
            if got is None or (got[:len(wanted) - 1] != wanted[:-1] if wanted.endswith("*") else got != wanted):
                return "header-mismatch"
        return None

    def respond(self, r, rec, with_body):
        state = self.server.state
        base_dir = os.path.dirname(state.script_path)
        status = int(r.get("status", 302 if r.get("redirect_to") else 200))
        headers = [("Content-Type", r.get("content_type", "application/json"))]
        for k, v in (r.get("headers") or {}).items():
            headers.append((k, str(v)))
        note = None
        body = None
        mismatch = self.mismatch(r)
        if mismatch is not None:
            status, note = 404, mismatch
            headers = [("Content-Type", "text/plain")]
            body = Body(b"not found\n")
            r = {}
        if body is None and r.get("require_bearer") is not None:
            if self.headers.get("Authorization") != "Bearer %s" % r["require_bearer"]:
                status, note = 401, "bearer-mismatch"
                headers = [("Content-Type", "application/json"), ("WWW-Authenticate", 'Bearer realm="test"')]
                body = Body(b'{"error":"unauthorized"}\n')
                r = {}
        if body is None and r.get("redirect_to"):
            loc = r["redirect_to"]
            if loc.startswith("/"):
                loc = self.server.base_url + loc
            headers.append(("Location", loc))
            body = Body(b"")
        if r.get("retry_after") is not None:
            headers.append(("Retry-After", str(r["retry_after"])))
        not_modified = False
        if r.get("etag") is not None:
            headers.append(("ETag", r["etag"]))
            if etag_matches(self.headers.get("If-None-Match"), r["etag"]):
                not_modified = True
        if r.get("last_modified") is not None:
            headers.append(("Last-Modified", r["last_modified"]))
            ims = self.headers.get("If-Modified-Since")
            if ims is not None and ims.strip() == r["last_modified"].strip() and self.headers.get("If-None-Match") is None:
                not_modified = True
        if not_modified:
            status = 304
            headers = [(k, v) for k, v in headers if k.lower() != "content-type"]
            body = Body(b"")
        if body is None:
            if r.get("oversize_bytes") is not None:
                body = Body(oversize=int(r["oversize_bytes"]))
            elif r.get("body_file") is not None:
                p = r["body_file"]
                body = Body(path=p if os.path.isabs(p) else os.path.join(base_dir, p))
            elif r.get("body") is not None:
                b = r["body"]
                body = Body((b if isinstance(b, str) else json.dumps(b)).encode("utf-8"))
            else:
                body = Body(b"")
        tmp = None
        if r.get("gzip") and status != 304:
            headers.append(("Vary", "Accept-Encoding"))
            if accepts_gzip(self.headers.get("Accept-Encoding")):
                tmp = tempfile.TemporaryFile()
                with gzipmod.GzipFile(fileobj=tmp, mode="wb", mtime=0) as gz:
                    for c in body.chunks():
                        gz.write(c)
                tmp.flush()
                size = tmp.tell()
                tmp.seek(0)
                body = Body(data=tmp.read()) if size < (8 << 20) else _FileObjBody(tmp, size)
                headers.append(("Content-Encoding", "gzip"))
        rec["status"] = status
        if note:
            rec["note"] = note
        log_request(state, rec)

        if r.get("delay_seconds"):
            time.sleep(float(r["delay_seconds"]))
        chunked = bool(r.get("chunked") or r.get("broken_chunked"))
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        if status == 304 or status < 200 or status == 204:
            pass
        elif chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(body.length))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.flush()
        if not with_body or status == 304:
            return
        limit = None
        for knob in ("truncate_after_bytes", "stall_after_bytes"):
            if r.get(knob) is not None:
                limit = int(r[knob])
        rate = r.get("drip_bytes_per_second")
        sent = 0
        for c in body.chunks(max(1, min(65536, int(rate))) if rate else 65536):
            if limit is not None and sent + len(c) > limit:
                c = c[:limit - sent]
            if c:
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(c) + c + b"\r\n")
                else:
                    self.wfile.write(c)
                self.wfile.flush()
                sent += len(c)
                if rate:
                    time.sleep(len(c) / float(rate))
            if limit is not None and sent >= limit:
                break
        if r.get("stall_after_bytes") is not None:
            self.hold(float(r.get("stall_seconds", 60)))
            return
        if r.get("broken_chunked") or r.get("truncate_after_bytes") is not None:
            return  # close without terminator / short body
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

    def hold(self, seconds):
        """Keep the connection open, writing nothing, until the peer closes or `seconds` pass."""
        end = time.time() + min(seconds, 60.0)
        sock = self.connection
        while time.time() < end and not self.server.state.stop.is_set():
            try:
                rl, _, _ = select.select([sock], [], [], 0.5)
                if rl:
                    data = sock.recv(4096)
                    if not data:
                        return
            except (OSError, ssl.SSLError):
                return


class _FileObjBody(Body):
    def __init__(self, f, size):
        self.f, self.length, self.data, self.path, self.oversize = f, size, None, None, None

    def chunks(self, size=65536):
        self.f.seek(0)
        while True:
            b = self.f.read(size)
            if not b:
                return
            yield b


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True

    def finish_request(self, request, client_address):
        request.settimeout(30)
        if self.ssl_ctx is not None:
            try:
                request = self.ssl_ctx.wrap_socket(request, server_side=True)
            except (ssl.SSLError, OSError) as e:
                log_request(self.state, {"method": None, "path": None, "tls_error": str(e)[:200]})
                try:
                    request.close()
                except OSError:
                    pass
                return
        try:
            self.RequestHandlerClass(request, client_address, self)
        finally:
            try:
                request.close()
            except OSError:
                pass

    def handle_error(self, request, client_address):
        pass


def main(argv):
    if "--help" in argv or "-h" in argv:
        sys.stdout.write(HELP)
        return 0
    ap = argparse.ArgumentParser(prog="scripts/test-server", add_help=False)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--script")
    ap.add_argument("--cert", default="server", choices=["server", "expired", "wrong-host"])
    ap.add_argument("--plain", action="store_true")
    ap.add_argument("--lifetime", type=float, default=120.0)
    ap.add_argument("--info")
    ap.add_argument("--log")
    args = ap.parse_args(argv)
    args.dir = os.path.abspath(args.dir)
    os.makedirs(args.dir, exist_ok=True)
    args.info = os.path.abspath(args.info or os.path.join(args.dir, "server.json"))
    args.log = os.path.abspath(args.log or os.path.join(args.dir, "requests.log"))
    try:
        os.unlink(args.info)
    except FileNotFoundError:
        pass
    state = State(args)
    ctx = None
    if not args.plain:
        certs.ensure(args.dir)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.load_cert_chain(os.path.join(args.dir, args.cert + ".pem"))
    srv = Server(("127.0.0.1", args.port), Handler)
    srv.ssl_ctx = ctx
    srv.state = state
    port = srv.server_address[1]
    srv.base_url = "%s://127.0.0.1:%d" % ("http" if args.plain else "https", port)

    def on_signal(signum, frame):
        state.stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    t = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    t.start()
    info = {"port": port, "pid": os.getpid(), "ca": os.path.join(args.dir, "ca.pem"),
            "url": srv.base_url, "plain": args.plain, "cert": None if args.plain else args.cert,
            "log": args.log}
    tmpinfo = args.info + ".tmp.%d" % os.getpid()
    with open(tmpinfo, "w") as f:
        json.dump(info, f)
        f.write("\n")
    os.replace(tmpinfo, args.info)
    try:
        state.stop.wait(args.lifetime)
    finally:
        state.stop.set()
        srv.shutdown()
        srv.server_close()
        try:
            os.unlink(args.info)
        except FileNotFoundError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
