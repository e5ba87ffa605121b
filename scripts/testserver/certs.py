"""Throwaway PKI for scripts/test-server, made with the openssl CLI (EC P-256, short validity).

Files written to DIR (existing ones are reused, so several servers can share one CA):
  ca.pem, ca.key                 test CA
  server.pem                     cert+key for 127.0.0.1 / localhost, signed by ca.pem
  expired.pem                    cert+key for 127.0.0.1 / localhost, signed by ca.pem, validity 2020-01-01..2020-01-02
  wrong-host.pem                 cert+key with SAN DNS:other.invalid only, signed by ca.pem
  other-ca.pem, other-ca.key     an unrelated CA (give it to the client as ca_file for wrong-CA tests)
OpenSSL 3.0's `x509` has no -not_before, so the expired cert is issued with `openssl ca -startdate/-enddate`.
"""
import os
import subprocess
import tempfile

EC = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]


def _run(args, cwd):
    r = subprocess.run(["openssl"] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError("openssl %s failed: %s" % (" ".join(args[:2]), r.stderr.strip()))


def _make_ca(d, name, cn):
    if os.path.exists(os.path.join(d, name + ".pem")):
        return
    _run(["req", "-x509"] + EC + ["-keyout", name + ".key", "-out", name + ".pem", "-days", "7",
          "-subj", "/CN=" + cn,
          "-addext", "basicConstraints=critical,CA:TRUE",
          "-addext", "keyUsage=critical,keyCertSign,cRLSign"], d)


def _csr(d, tmp, stem):
    key = os.path.join(tmp, stem + ".key")
    csr = os.path.join(tmp, stem + ".csr")
    _run(["req", "-new"] + EC + ["-keyout", key, "-out", csr, "-subj", "/CN=paywalls-test-" + stem], d)
    return key, csr


def _ext(tmp, stem, san):
    p = os.path.join(tmp, stem + ".ext")
    with open(p, "w") as f:
        f.write("basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
                "extendedKeyUsage=serverAuth\nsubjectAltName=%s\n" % san)
    return p


def _combine(d, out, crt, key):
    with open(os.path.join(d, out), "w") as f:
        f.write(open(crt).read())
        f.write(open(key).read())
    os.chmod(os.path.join(d, out), 0o600)


def _leaf(d, tmp, stem, san):
    out = stem + ".pem"
    if os.path.exists(os.path.join(d, out)):
        return
    key, csr = _csr(d, tmp, stem)
    crt = os.path.join(tmp, stem + ".crt")
    _run(["x509", "-req", "-in", csr, "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial",
          str(int.from_bytes(os.urandom(8), "big")), "-days", "2", "-sha256",
          "-extfile", _ext(tmp, stem, san), "-out", crt], d)
    _combine(d, out, crt, key)


def _expired(d, tmp):
    out = "expired.pem"
    if os.path.exists(os.path.join(d, out)):
        return
    key, csr = _csr(d, tmp, "expired")
    db = os.path.join(tmp, "cadb")
    os.makedirs(os.path.join(db, "new"))
    open(os.path.join(db, "index.txt"), "w").close()
    with open(os.path.join(db, "serial"), "w") as f:
        f.write("%016X\n" % int.from_bytes(os.urandom(7), "big"))
    cnf = os.path.join(tmp, "ca.cnf")
    with open(cnf, "w") as f:
        f.write("""[ ca ]
default_ca = tca
[ tca ]
dir = %s
database = $dir/index.txt
serial = $dir/serial
new_certs_dir = $dir/new
certificate = %s
private_key = %s
default_md = sha256
policy = pol
x509_extensions = ext
unique_subject = no
copy_extensions = none
[ pol ]
commonName = supplied
[ ext ]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1,DNS:localhost
""" % (db, os.path.join(d, "ca.pem"), os.path.join(d, "ca.key")))
    crt = os.path.join(tmp, "expired.crt")
    _run(["ca", "-batch", "-notext", "-config", cnf, "-startdate", "20200101000000Z",
          "-enddate", "20200102000000Z", "-in", csr, "-out", crt], d)
    _combine(d, out, crt, key)


def ensure(d):
    d = os.path.abspath(d)
    os.makedirs(d, exist_ok=True)
    _make_ca(d, "ca", "paywalls throwaway test CA")
    _make_ca(d, "other-ca", "paywalls unrelated test CA")
    with tempfile.TemporaryDirectory(prefix="tsrv-certs-") as tmp:
        _leaf(d, tmp, "server", "IP:127.0.0.1,DNS:localhost")
        _leaf(d, tmp, "wrong-host", "DNS:other.invalid")
        _expired(d, tmp)
    return d


if __name__ == "__main__":
    import sys
    print(ensure(sys.argv[1]))
