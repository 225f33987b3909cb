/*
 * salesgym's table cache for the jq CLI built to WebAssembly (verifier/jq/build.sh).
 *
 * A verification's input document holds the state's tables as JSON arrays: `.state[gym][table]` and
 * `.initial[gym][table]`. Between two verifications of one run most tables are byte-identical, yet the jq CLI
 * parses the whole document every time. This file keeps parsed tables alive in the module's heap between
 * runs (the module instance persists: the CLI's `main` runs once per verification, EXIT_RUNTIME=0):
 *
 *   sg_table_load(slot, path)  parses the JSON text of file `path` (jq's own parser, the same flags as the
 *                              CLI's input parser) into slot `slot`, freeing what the slot held. 0 = done,
 *                              1 = not valid JSON (the slot is left empty), 2 = unreadable file.
 *   sg_table_drop(slot)        frees a slot.
 *   sg_tables_expand(on)       while on, the CLI's input (patched main.c: `process(jq, sg_tables_expand_input(value), …)`)
 *                              gets each placeholder `.state[g][t]` / `.initial[g][t]` whose value is the string
 *                              "\u0000sg:<slot>" replaced by the slot's parsed value (a shared reference: jq's values
 *                              are copy-on-write, so a query cannot change the cached one).
 *
 * A placeholder sits only where a table's array would be, and a real table is never a string, so a document
 * without placeholders passes unchanged. The CLI's position for messages (`inputString:<line>`) counts the
 * newlines it parsed; canonical JSON has none, so the position is the same with or without placeholders.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jv.h"

#define SG_MAX_SLOTS 4096
static jv sg_slots[SG_MAX_SLOTS];
static int sg_slot_used[SG_MAX_SLOTS];
static int sg_expand_on = 0;

static const char SG_PREFIX[] = "\0sg:";
#define SG_PREFIX_LEN 4

int sg_table_load(int slot, const char *path) {
  if (slot < 0 || slot >= SG_MAX_SLOTS) return 2;
  if (sg_slot_used[slot]) {
    jv_free(sg_slots[slot]);
    sg_slot_used[slot] = 0;
  }
  FILE *f = fopen(path, "rb");
  if (!f) return 2;
  if (fseek(f, 0, SEEK_END) != 0) { fclose(f); return 2; }
  long n = ftell(f);
  if (n < 0 || fseek(f, 0, SEEK_SET) != 0) { fclose(f); return 2; }
  char *buf = malloc(n > 0 ? (size_t)n : 1);
  if (!buf) { fclose(f); return 2; }
  size_t got = fread(buf, 1, (size_t)n, f);
  fclose(f);
  if (got != (size_t)n) { free(buf); return 2; }
  jv v = jv_parse_sized(buf, (int)n);
  free(buf);
  if (!jv_is_valid(v)) { jv_free(v); return 1; }
  sg_slots[slot] = v;
  sg_slot_used[slot] = 1;
  return 0;
}

void sg_table_drop(int slot) {
  if (slot < 0 || slot >= SG_MAX_SLOTS || !sg_slot_used[slot]) return;
  jv_free(sg_slots[slot]);
  sg_slot_used[slot] = 0;
}

void sg_tables_expand(int on) { sg_expand_on = on; }

/* The slot a placeholder names, or -1 when `v` (not consumed) is not a placeholder of a filled slot. */
static int sg_placeholder_slot(jv v) {
  if (jv_get_kind(v) != JV_KIND_STRING) return -1;
  int len = jv_string_length_bytes(jv_copy(v));
  const char *s = jv_string_value(v);
  if (len <= SG_PREFIX_LEN || len > SG_PREFIX_LEN + 6 || memcmp(s, SG_PREFIX, SG_PREFIX_LEN) != 0) return -1;
  int slot = 0;
  for (int i = SG_PREFIX_LEN; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    slot = slot * 10 + (s[i] - '0');
  }
  if (slot >= SG_MAX_SLOTS || !sg_slot_used[slot]) return -1;
  return slot;
}

/* `{gym: {table: placeholder|value}}` with each placeholder replaced; anything else is returned as is. Consumes `state`. */
static jv sg_expand_state(jv state) {
  if (jv_get_kind(state) != JV_KIND_OBJECT) return state;
  jv gyms = jv_keys(jv_copy(state));
  int ng = jv_array_length(jv_copy(gyms));
  for (int i = 0; i < ng; i++) {
    jv g = jv_array_get(jv_copy(gyms), i);
    jv tables = jv_object_get(jv_copy(state), jv_copy(g));
    if (jv_get_kind(tables) == JV_KIND_OBJECT) {
      jv names = jv_keys(jv_copy(tables));
      int nt = jv_array_length(jv_copy(names));
      int changed = 0;
      for (int k = 0; k < nt; k++) {
        jv t = jv_array_get(jv_copy(names), k);
        jv cell = jv_object_get(jv_copy(tables), jv_copy(t));
        int slot = sg_placeholder_slot(cell);
        jv_free(cell);
        if (slot >= 0) {
          tables = jv_object_set(tables, t, jv_copy(sg_slots[slot]));
          changed = 1;
        } else {
          jv_free(t);
        }
      }
      jv_free(names);
      if (changed) state = jv_object_set(state, jv_copy(g), jv_copy(tables));
    }
    jv_free(tables);
    jv_free(g);
  }
  jv_free(gyms);
  return state;
}

/* The CLI's input with `.state` and `.initial` expanded (see above); consumes `doc`. */
jv sg_tables_expand_input(jv doc) {
  if (!sg_expand_on || jv_get_kind(doc) != JV_KIND_OBJECT) return doc;
  static const char *const fields[] = {"state", "initial"};
  for (int i = 0; i < 2; i++) {
    jv key = jv_string(fields[i]);
    jv cur = jv_object_get(jv_copy(doc), jv_copy(key));
    if (jv_get_kind(cur) == JV_KIND_OBJECT) {
      doc = jv_object_set(doc, key, sg_expand_state(cur));
    } else {
      jv_free(cur);
      jv_free(key);
    }
  }
  return doc;
}
