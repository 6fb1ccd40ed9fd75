# test/suites/pgupgrade.sh: pg_upgrade from the previous major (18) to this
# server's (19) with the extension installed in both.  On the old major, a
# database with every type (typeid too), arrays, domains, every index kind, range and
# hash partitions and rows from the generators, scru64 with the node spec
# 42/8 (test/pgupgrade/setup.sql); pg_upgrade; then on the new major: the
# same rows and index definitions (test/sql/xver_fingerprint.sql), amcheck
# clean, every index used and finding its rows, the generators going on
# after the last IDs of the old major, every partitioned row where its key
# routes it (test/pgupgrade/check.sql), and ALTER EXTENSION scru128 UPDATE
# a no-op that leaves the extension as a fresh CREATE EXTENSION on the new
# major makes it.  Beside it a database on release 1.3 whose objects call
# uuid_timestamp(uuid) (test/sql/uuid_timestamp_objects.sql): the same
# objects and rows after the upgrade (test/sql/user_objects_fingerprint.sql),
# then ALTER EXTENSION scru128 UPDATE to 1.4 renames the function under
# them, and the extension is a fresh install's.
#
# Runs only in a chroot that has both majors (test/chroot.sh,
# chroot_upgrade_from: the pg19 chroot has 18 from forky beside 19); its
# line in the table of test/run.sh names that major.

suite_pgupgrade() {
	local old=${PG_UPGRADE_FROM:-$((PG_MAJOR - 1))} out="$WORK/pgupgrade.log" ok=0 bad=0
	local oldbin newbin port olddir="$WORK/up-old" newdir="$WORK/up-new" t0=$SECONDS
	oldbin=/usr/lib/postgresql/$old/bin
	newbin=$PGBIN
	port=$((PGPORT + 1))
	if [ ! -x "$oldbin/pg_config" ] || [ "$(id -u)" != 0 ]; then
		log "pgupgrade: needs PostgreSQL $old with its server development files beside $PG_MAJOR, and root"
		suite_failed pgupgrade
		return
	fi
	# up_pass/up_fail NAME: one counted check
	up_pass() { ok=$((ok + 1)); echo "ok - $1"; }
	up_fail() { bad=$((bad + 1)); echo "not ok - $1"; log "pgupgrade: $1"; }
	up_psql() { psql_user -p "$port" -h "$WORK" "$@"; }

	# the extension built for the old major and installed into it
	rm -rf "$WORK/tree-old"
	mkdir -p "$WORK/tree-old"
	(cd "$BUILD" && tar --exclude=results-dir --exclude=tmp_check -cf - .) | tar -xf - -C "$WORK/tree-old"
	chown -R "$SCRU128_USER" "$WORK/tree-old"
	if as_user make -s -C "$WORK/tree-old" PG_CONFIG="$oldbin/pg_config" clean >"$out" 2>&1 &&
		as_user make -s -C "$WORK/tree-old" PG_CONFIG="$oldbin/pg_config" >>"$out" 2>&1 &&
		make -s -C "$WORK/tree-old" PG_CONFIG="$oldbin/pg_config" install >>"$out" 2>&1; then
		up_pass "the extension builds and installs on PostgreSQL $old"
	else
		cat "$out"
		up_fail "the extension builds and installs on PostgreSQL $old"
		record pgupgrade "$ok" "$bad"
		return
	fi

	# the old cluster and its database
	rm -rf "$olddir" "$newdir"
	as_user "$oldbin/initdb" -D "$olddir" -A trust -U "$SCRU128_USER" --encoding=UTF8 --locale=C.UTF-8 >>"$out" 2>&1
	echo "scru128.scru64_node_spec = '42/8'" >>"$olddir/postgresql.conf"
	as_user "$oldbin/pg_ctl" -D "$olddir" -l "$WORK/up-old.log" -w \
		-o "-p $port -k $WORK -c listen_addresses=''" start >>"$out" 2>&1
	if up_psql -d postgres -q -c 'CREATE DATABASE up' >>"$out" 2>&1 &&
		up_psql -d up -q -c 'CREATE EXTENSION scru128' -f "$BUILD/test/pgupgrade/setup.sql" >>"$out" 2>&1 &&
		up_psql -d up -At -f "$BUILD/test/sql/xver_fingerprint.sql" >"$WORK/up-before.fingerprint" 2>>"$out" &&
		up_psql -d up -At -c "SELECT extversion FROM pg_extension WHERE extname = 'scru128'" \
			>"$WORK/up-before.version" 2>>"$out"; then
		up_pass "PostgreSQL $old: database with every type, index kind and partitions ($(grep -c '^table' "$WORK/up-before.fingerprint") tables, $(grep -c '^index' "$WORK/up-before.fingerprint") indexes), extension $(cat "$WORK/up-before.version")"
	else
		tail -30 "$out"
		up_fail "PostgreSQL $old: the database to upgrade could not be made"
	fi
	# beside it, a database on release 1.3 whose objects call
	# uuid_timestamp(uuid), which 1.4 renames
	if up_psql -d postgres -q -c 'CREATE DATABASE up13' >>"$out" 2>&1 &&
		up_psql -d up13 -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION scru128 VERSION '1.3'" \
			-f "$BUILD/test/sql/uuid_timestamp_objects.sql" >>"$out" 2>&1 &&
		up_psql -d up13 -q -At -f "$BUILD/test/sql/user_objects_fingerprint.sql" >"$WORK/up13-before.fingerprint" 2>>"$out" &&
		[ "$(grep -c 'public\.uuid_timestamp(' "$WORK/up13-before.fingerprint")" = 7 ]; then
		up_pass "PostgreSQL $old: a database on release 1.3 whose default, generated column, check, index, views and BEGIN ATOMIC function call uuid_timestamp()"
	else
		tail -30 "$out"
		up_fail "PostgreSQL $old: the database on release 1.3 could not be made"
	fi
	as_user "$oldbin/pg_ctl" -D "$olddir" -m fast -w stop >>"$out" 2>&1 || true
	[ "$bad" = 0 ] || { record pgupgrade "$ok" "$bad"; return; }

	# pg_upgrade to the new major
	as_user "$newbin/initdb" -D "$newdir" -A trust -U "$SCRU128_USER" --encoding=UTF8 --locale=C.UTF-8 >>"$out" 2>&1
	mkdir -p "$WORK/up-run"
	chown "$SCRU128_USER" "$WORK/up-run"
	if as_user env -C "$WORK/up-run" "$newbin/pg_upgrade" -b "$oldbin" -B "$newbin" \
		-d "$olddir" -D "$newdir" -p "$port" -P "$port" -s "$WORK" -U "$SCRU128_USER" >"$WORK/pg_upgrade.log" 2>&1; then
		up_pass "pg_upgrade $old -> $PG_MAJOR"
	else
		cat "$WORK/pg_upgrade.log"
		find "$newdir" -path '*pg_upgrade_output.d*' -name '*.txt' -exec tail -20 {} + 2>/dev/null || true
		up_fail "pg_upgrade $old -> $PG_MAJOR"
		record pgupgrade "$ok" "$bad"
		return
	fi
	echo "scru128.scru64_node_spec = '42/8'" >>"$newdir/postgresql.conf"
	as_user "$newbin/pg_ctl" -D "$newdir" -l "$WORK/up-new.log" -w \
		-o "-p $port -k $WORK -c listen_addresses=''" start >>"$out" 2>&1

	# the same rows and index definitions
	if [ "$(up_psql -d up -At -f "$BUILD/test/sql/xver_fingerprint.sql" 2>>"$out")" = "$(cat "$WORK/up-before.fingerprint")" ]; then
		up_pass "rows and index definitions identical after the upgrade"
	else
		diff "$WORK/up-before.fingerprint" <(up_psql -d up -At -f "$BUILD/test/sql/xver_fingerprint.sql") || true
		up_fail "rows or index definitions differ after the upgrade"
	fi
	# amcheck: every btree index with all its heap tuples, the GIN indexes
	# (gin_index_check, 18 and later) and every table's heap
	if up_psql -d up -q -At -c 'CREATE EXTENSION amcheck' -c "
		SELECT count(bt_index_check(c.oid, true))
		FROM pg_class c JOIN pg_am a ON a.oid = c.relam
		WHERE a.amname = 'btree' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace" -c "
		DO \$\$
		DECLARE
			i regclass;
		BEGIN
			IF to_regproc('gin_index_check') IS NOT NULL THEN
				FOR i IN SELECT c.oid FROM pg_class c JOIN pg_am a ON a.oid = c.relam
						 WHERE a.amname = 'gin' AND c.relkind = 'i'
						   AND c.relnamespace = 'public'::regnamespace LOOP
					EXECUTE 'SELECT gin_index_check(\$1)' USING i;
				END LOOP;
			END IF;
		END
		\$\$" -c "
		DO \$\$
		DECLARE
			n bigint;
		BEGIN
			SELECT count(*) INTO n
			FROM pg_class c, LATERAL verify_heapam(c.oid)
			WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace;
			IF n > 0 THEN
				RAISE EXCEPTION 'verify_heapam: % problems', n;
			END IF;
		END
		\$\$" >>"$out" 2>&1; then
		up_pass "amcheck clean: btree (heapallindexed), GIN, heap"
	else
		tail -5 "$out"
		up_fail "amcheck"
	fi
	# every index used and finding its rows; partitions; generators
	up_psql -d up -q -At -F $'\n' -f "$BUILD/test/pgupgrade/check.sql" >"$WORK/up-check.log" 2>&1 || true
	grep -E '^(not )?ok - ' "$WORK/up-check.log" | grep -v '^ok - index' || true
	ok=$((ok + $(grep -c '^ok - ' "$WORK/up-check.log" || true)))
	bad=$((bad + $(grep -c '^not ok - ' "$WORK/up-check.log" || true)))
	echo "($(grep -c '^ok - index' "$WORK/up-check.log" || true) index lookups passed)"
	if grep -qvE '^(not )?ok - ' "$WORK/up-check.log"; then
		grep -vE '^(not )?ok - ' "$WORK/up-check.log"
		up_fail "check.sql ran with errors"
	fi
	# ALTER EXTENSION UPDATE: a no-op, and the catalog is what a fresh
	# install on the new major makes
	up_psql -d up -At -f "$BUILD/test/sql/extension_definition.sql" >"$WORK/up-ext-after" 2>>"$out"
	up_psql -d up -q -c 'ALTER EXTENSION scru128 UPDATE' >"$WORK/up-update.log" 2>&1 || true
	up_psql -d up -At -f "$BUILD/test/sql/extension_definition.sql" >"$WORK/up-ext-updated" 2>>"$out"
	up_psql -d postgres -q -c 'CREATE DATABASE fresh' >>"$out" 2>&1
	up_psql -d fresh -q -c 'CREATE EXTENSION scru128' >>"$out" 2>&1
	up_psql -d fresh -At -f "$BUILD/test/sql/extension_definition.sql" >"$WORK/up-ext-fresh" 2>>"$out"
	if grep -q "already installed" "$WORK/up-update.log" && [ -s "$WORK/up-ext-after" ] &&
		cmp -s "$WORK/up-ext-after" "$WORK/up-ext-updated" &&
		[ "$(up_psql -d up -At -c "SELECT extversion FROM pg_extension WHERE extname = 'scru128'")" = "$(cat "$WORK/up-before.version")" ]; then
		up_pass "ALTER EXTENSION scru128 UPDATE is a no-op ($(cat "$WORK/up-update.log"))"
	else
		cat "$WORK/up-update.log"
		diff "$WORK/up-ext-after" "$WORK/up-ext-updated" || true
		up_fail "ALTER EXTENSION scru128 UPDATE changed something"
	fi
	if [ -s "$WORK/up-ext-fresh" ] && cmp -s "$WORK/up-ext-after" "$WORK/up-ext-fresh"; then
		up_pass "the upgraded extension is what CREATE EXTENSION makes on $PG_MAJOR ($(wc -l <"$WORK/up-ext-fresh") catalog lines)"
	else
		diff "$WORK/up-ext-fresh" "$WORK/up-ext-after" || true
		up_fail "the upgraded extension differs from a fresh install on $PG_MAJOR (< fresh, > upgraded)"
	fi
	# the 1.3 database: kept as it was, then ALTER EXTENSION UPDATE renames
	# the function under its objects (doc/install.md)
	if [ "$(up_psql -d up13 -At -c "SELECT extversion FROM pg_extension WHERE extname = 'scru128'" 2>>"$out")" = 1.3 ] &&
		[ "$(up_psql -d up13 -q -At -f "$BUILD/test/sql/user_objects_fingerprint.sql" 2>>"$out")" = "$(cat "$WORK/up13-before.fingerprint")" ]; then
		up_pass "the 1.3 database after the upgrade: release 1.3, every table, row and object as before"
	else
		diff "$WORK/up13-before.fingerprint" <(up_psql -d up13 -q -At -f "$BUILD/test/sql/user_objects_fingerprint.sql" 2>&1) || true
		up_fail "the 1.3 database differs after the upgrade"
	fi
	up_psql -d up13 -q -c 'ALTER EXTENSION scru128 UPDATE' >>"$out" 2>&1 || true
	# the default version (1.4 or later: the release that renamed it)
	local current
	current=$(up_psql -d up13 -At -c "SELECT default_version FROM pg_available_extensions WHERE name = 'scru128'" 2>>"$out")
	if [ "$(up_psql -d up13 -At -c "SELECT extversion FROM pg_extension WHERE extname = 'scru128'" 2>>"$out")" = "$current" ] &&
		[ "$(up_psql -d up13 -q -At -f "$BUILD/test/sql/user_objects_fingerprint.sql" 2>>"$out")" = \
			"$(sed 's/public\.uuid_timestamp(/public.scru128_uuid_timestamp(/g' "$WORK/up13-before.fingerprint")" ] &&
		[ "$(up_psql -d up13 -At -c "SELECT to_regprocedure('uuid_timestamp(uuid)') IS NULL" 2>>"$out")" = t ]; then
		up_pass "the 1.3 database updated to $current: every table, row and object, calling scru128_uuid_timestamp()"
	else
		tail -5 "$out"
		diff <(sed 's/public\.uuid_timestamp(/public.scru128_uuid_timestamp(/g' "$WORK/up13-before.fingerprint") \
			<(up_psql -d up13 -q -At -f "$BUILD/test/sql/user_objects_fingerprint.sql" 2>&1) || true
		up_fail "the 1.3 database updated to $current differs (< expected, > got)"
	fi
	up_psql -d up13 -At -f "$BUILD/test/sql/extension_definition.sql" >"$WORK/up13-ext" 2>>"$out"
	if [ -s "$WORK/up-ext-fresh" ] && cmp -s "$WORK/up13-ext" "$WORK/up-ext-fresh"; then
		up_pass "the 1.3 database updated to $current has what CREATE EXTENSION makes on $PG_MAJOR"
	else
		diff "$WORK/up-ext-fresh" "$WORK/up13-ext" || true
		up_fail "the 1.3 database updated to $current: the extension differs from a fresh install on $PG_MAJOR (< fresh, > updated)"
	fi
	as_user "$newbin/pg_ctl" -D "$newdir" -m fast -w stop >>"$out" 2>&1 || true
	record pgupgrade "$ok" "$bad"
	log "pgupgrade: suite ran in $((SECONDS - t0)) s"
}
