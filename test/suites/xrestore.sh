# test/suites/xrestore.sh: a database dumped with PostgreSQL 15's pg_dump
# restored into this server (a newer major, in its chroot): same rows, same indexes, btree
# indexes that pass amcheck, and the checks of test/xver/*.check.sql.
# The host makes the dump (xver_dump in test/chroot.sh) before it enters
# the chroot.

suite_xrestore() {
	local from="$BUILD/test/from-host" out="$WORK/xrestore.log" ok=0 bad=0 f got
	if [ ! -f "$from/xver.dump" ]; then
		log "xrestore: no dump from the host (test/from-host/xver.dump): the host's xver_dump failed"
		record xrestore 0 1
		return
	fi
	as_user dropdb --if-exists xver >/dev/null 2>&1 || true
	as_user createdb xver
	if as_user pg_restore --exit-on-error -d xver "$from/xver.dump" >"$out" 2>&1; then
		ok=$((ok + 1))
	else
		cat "$out"
		log "xrestore: pg_restore of the dump made by $(cat "$from/xver.pg_dump_version") failed"
		record xrestore 0 1
		return
	fi
	# a failed query fails this check, not the whole run (set -e)
	got=$(psql_user -d xver -q -At -f "$BUILD/test/sql/xver_fingerprint.sql" 2>&1) || true
	if [ "$got" = "$(cat "$from/xver.fingerprint")" ]; then
		ok=$((ok + 1))
	else
		log "xrestore: the restored database differs from the dumped one"
		diff <(cat "$from/xver.fingerprint") <(echo "$got") || true
		bad=$((bad + 1))
	fi
	if psql_user -d xver -q -At -c 'CREATE EXTENSION IF NOT EXISTS amcheck' -c "
		SELECT count(bt_index_check(c.oid, true))
		FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
		WHERE a.amname = 'btree' AND c.relnamespace = 'public'::regnamespace" >>"$out" 2>&1; then
		ok=$((ok + 1))
	else
		tail -5 "$out"
		log "xrestore: amcheck failed"
		bad=$((bad + 1))
	fi
	for f in "$BUILD"/test/xver/*.check.sql; do
		[ -e "$f" ] || continue
		if psql_user -d xver -q -f "$f" >>"$out" 2>&1; then
			ok=$((ok + 1))
		else
			tail -5 "$out"
			log "xrestore: $(basename "$f") failed"
			bad=$((bad + 1))
		fi
	done
	record xrestore "$ok" "$bad"
}
