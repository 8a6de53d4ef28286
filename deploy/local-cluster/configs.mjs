/**
 * The configuration files of the local cluster, written from its ports and folder. Each is
 * what an operator would write for the same topology on several machines, with loopback addresses.
 */

/**
 * HAProxy in front of the API instances. Health checks ask `/ready` (the instance answers and reaches
 * its database) twice a second once a check failed, so a dead instance leaves the rotation within about
 * a second; a request whose connection is refused meanwhile is sent to another instance.
 */
export function haproxyConfig({ dir, host, ports, maxconn }) {
  const servers = ports.api.map((port, index) => `    server api${index + 1} ${host}:${port} check`).join('\n');
  return `# Written by deploy/local-cluster/cluster.mjs: the load balancer in front of the API instances.
global
    # Two file descriptors per connection: what the limit of open files allows (cluster.mjs reads it).
    maxconn ${maxconn}
    pidfile ${dir}/haproxy.pid
    stats socket ${dir}/haproxy.sock mode 600 level admin

defaults
    mode http
    timeout connect 1s
    # A health check may take this long: an instance busy for a moment (a bulk load replaying, a
    # vacuum) is not taken out for it; a dead one refuses the connection at once and is out all the same.
    timeout check 3s
    timeout http-request 10s
    # Live streams (GET /api/events) send a heartbeat every 15 s: longer than that is a dead peer.
    timeout client 40s
    timeout server 40s
    # A connection an instance refused (it died, it is stopping) is tried on another one, up to 3 times.
    retries 3
    option redispatch 1
    # An answer that never came (the instance died mid-request) is retried too, but only for calls that
    # change nothing (the backend's disable-l7-retry): a POST may have been carried out before it died.
    retry-on conn-failure empty-response response-timeout

frontend api
    bind ${host}:${ports.lb}
    # The instances believe X-Forwarded-For from this proxy only (TRUST_PROXY), for the per-address limits.
    option forwardfor
    default_backend api_instances

backend api_instances
    # Live streams stay open for hours: the instance with the fewest open connections takes the next one.
    balance leastconn
    http-request disable-l7-retry unless METH_GET || METH_HEAD
    option httpchk
    http-check send meth GET uri /ready
    http-check expect status 200
    # Every second while up, four times a second once a check failed; two failures take it out, two
    # successes bring it back. Its open streams are cut when it goes down: their clients come back elsewhere.
    default-server inter 1s fastinter 250ms downinter 1s fall 2 rise 2 on-marked-down shutdown-sessions
    # Which instance answered (tests and people debugging read it).
    http-response set-header X-Chirp-Instance %[srv_name]
${servers}

frontend stats
    bind ${host}:${ports.stats}
    stats enable
    stats uri /
    stats refresh 5s
`;
}

/**
 * PgBouncer in transaction mode: a server connection is lent for one transaction, so the instances'
 * pools (10 each) share a few real connections. `chirp` is the primary, `chirp_replica` the replica.
 */
export function pgbouncerConfig({ dir, host, ports, database }) {
  return `; Written by deploy/local-cluster/cluster.mjs: the connection pooler in front of PostgreSQL.
[databases]
${database} = host=${host} port=${ports.primary} dbname=${database}
${database}_replica = host=${host} port=${ports.replica} dbname=${database}

[pgbouncer]
listen_addr = ${host}
listen_port = ${ports.pgbouncer}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = ${dir}/pgbouncer/userlist.txt
pool_mode = transaction
default_pool_size = 20
max_client_conn = 2000
; node-postgres sends none of these, other clients (psql, pgbench) may
ignore_startup_parameters = extra_float_digits
logfile = ${dir}/pgbouncer/pgbouncer.log
pidfile = ${dir}/pgbouncer/pgbouncer.pid
`;
}

/**
 * Who may connect to PostgreSQL, all with a password (scram-sha-256), nobody on trust: the superuser
 * on the socket alone (in the cluster's 0700 folder; the cluster script sets things up with it), the
 * app's role over loopback to its database alone, the replication role for the WAL stream alone. The
 * replica is a copy of the primary: it has the same rules.
 */
export function pgHbaConfig({ host, database, appRole, replicationRole, adminRole }) {
  return `# Written by deploy/local-cluster/cluster.mjs. What no line allows is refused.
# TYPE  DATABASE     USER                ADDRESS          METHOD
local   all          ${adminRole.padEnd(19)}                  scram-sha-256
host    ${database.padEnd(12)} ${appRole.padEnd(19)} ${`${host}/32`.padEnd(16)} scram-sha-256
host    replication  ${replicationRole.padEnd(19)} ${`${host}/32`.padEnd(16)} scram-sha-256
`;
}

/** What the primary adds to initdb's postgresql.conf; the replica adds its port after it. */
export function postgresConfig({ dir, host, port }) {
  return `
# deploy/local-cluster
listen_addresses = '${host}'
port = ${port}
unix_socket_directories = '${dir}'
max_connections = 200
wal_level = replica
max_wal_senders = 5
hot_standby = on
`;
}
