"""Runs nginx with deploy/nginx/weft.conf, its upstream servers and listen port swapped for
the test's loopback ports, so the test exercises the shipped directives and nothing else."""
import os
import re
import shutil
import subprocess

from weft_server import wait_until_healthy  # e2e/support, on the path of the script that runs this

# The test reads which instance answered each request (and whether nginx retried) from this log.
LOG_FORMAT = 'log_format weft_test "$status $request_time [$upstream_addr] [$upstream_status]";'


def render(shipped: str, listen_port: int, upstream_ports: list) -> str:
    """The shipped configuration with its `server host:port ...;` upstream lines replaced by
    one line per test instance (keeping the shipped parameters) and its listen port swapped."""
    server = re.compile(r"^(\s*)server\s+\S+:\d+(.*);\s*$")
    out, replaced = [], False
    for line in shipped.splitlines():
        match = server.match(line)
        if not match:
            out.append(line)
        elif not replaced:
            indent, params = match.groups()
            out.extend(f"{indent}server 127.0.0.1:{p}{params};" for p in upstream_ports)
            replaced = True
    if not replaced:
        raise ValueError("deploy/nginx/weft.conf has no `server host:port` line in its upstream")
    text, n = re.subn(r"listen\s+\S+;", f"listen 127.0.0.1:{listen_port};", "\n".join(out) + "\n")
    if n != 1:
        raise ValueError(f"expected one listen directive in deploy/nginx/weft.conf, found {n}")
    return text


def main_config(prefix: str, site: str) -> str:
    """The main context a distribution's nginx.conf would provide, confined to `prefix`."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # as root, workers would become nobody and lose the temp dirs
    temp = "\n".join(f"    {kind}_temp_path {prefix}/{kind};" for kind in
                     ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (f"{user}daemon off;\nworker_processes 1;\npid {prefix}/nginx.pid;\n"
            f"error_log {prefix}/error.log warn;\n"
            f"events {{ worker_connections 1024; }}\n"
            f"http {{\n    {LOG_FORMAT}\n    access_log {prefix}/access.log weft_test;\n{temp}\n"
            f"    include {site};\n}}\n")


class Nginx:
    def __init__(self, prefix: str, shipped_path: str, listen_port: int, upstream_ports: list):
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not os.path.exists(binary):
            raise RuntimeError("no nginx (apt-get install nginx)")
        self.prefix = prefix
        site = os.path.join(prefix, "weft.conf")
        with open(shipped_path, encoding="utf-8") as f:
            shipped = f.read()
        with open(site, "w", encoding="utf-8") as f:
            f.write(render(shipped, listen_port, upstream_ports))
        conf = os.path.join(prefix, "nginx.conf")
        with open(conf, "w", encoding="utf-8") as f:
            f.write(main_config(prefix, site))
        self.url = f"http://127.0.0.1:{listen_port}"
        self.log = open(os.path.join(prefix, "nginx.out"), "wb")
        # -e: nginx 1.19.5+ opens its default error log before reading the config; keep it here too.
        self.proc = subprocess.Popen([binary, "-p", prefix, "-c", conf, "-e", f"{prefix}/error.log"],
                                     stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL,
                                     start_new_session=True)
        self._wait_up()

    def _wait_up(self):
        if wait_until_healthy(self.proc, self.url):
            return
        if self.proc.poll() is not None:
            raise RuntimeError(f"nginx exited with {self.proc.returncode}: {self.errors()}")
        raise RuntimeError(f"nginx never proxied /healthz: {self.errors()}")

    def errors(self) -> str:
        path = os.path.join(self.prefix, "error.log")
        return open(path, encoding="utf-8", errors="replace").read()[-3000:] if os.path.exists(path) else ""

    def access_log(self) -> list:
        path = os.path.join(self.prefix, "access.log")
        return open(path, encoding="utf-8").read().splitlines() if os.path.exists(path) else []

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: nginx's fast shutdown, master and workers
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait()
        self.log.close()
