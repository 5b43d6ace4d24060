// Package agents holds the people of the agent-based model (model type
// "abm"): a struct-of-arrays [Table] whose row id (a uint32) is one agent,
// stored on the patch world as a resource ([Of], [Attach]).
//
// # Layout
//
// Patches stay ecs entities with their S, E, I, R count columns; people are
// rows of the Table's columns (Patch, State, Immunity, DOB, Due, Death,
// Susceptibility: 22 bytes, plus the index structures, [BytesPerAgent]).
// Per-tick work scales with events, not agents: transmission picks
// susceptibles from per-patch susceptible sets ([Table.SampleSusceptibles],
// O(1) per pick and per removal), timers fire from calendar queues
// ([Calendar]), births fill free rows. docs/abm.md gives the benchmark
// (layout_bench_test.go) that chose this over one ark entity per person.
//
// # Invariant
//
// The world's S, E, I and R columns always equal the agents' counts: the
// Table owns them. Change states only through [Table.SetState],
// [Table.Add] and [Table.Remove]; [CheckCounts] recounts from the rows.
//
// # Extending
//
//   - A new per-agent column: add it to Table, to alloc and Reserve, to
//     Add's reset, to BytesPerAgent and to the snapshot's column list
//     (columns in snapshot.go; TestSnapshotColumnsCoverTable fails until
//     it is there).
//   - A new event kind (maternal waning, a routine dose): keep its day in a
//     column, get a calendar with [Table.Calendar](name, horizon, today) at
//     Initialize and [Calendar.Claim] it (one phase fires each kind),
//     optionally [Calendar.Reserve] a day's events per bucket, Add(id, day)
//     when scheduling (day ≥ Now), and each tick call Due(today, column)
//     exactly once and act on the ids it returns (already validated against
//     the column; set the column to [NoDeath] or another day when acting so
//     that duplicates stay harmless). The calendars in use: "disease" (Due;
//     fired by the InfectionProcess, fed by importation and seeding too)
//     and "death" (Death; fired by VitalDynamics or ConstantPop). An event
//     at an age needs no column: systems/abm's AtAge keys a calendar by the
//     day of birth (routine immunisation's "mcv1" and "mcv2").
//   - Dose kinds and immunity sources: the built-in ones ([DoseMCV1] …,
//     [ImmuneInfection] …) and those a program registers by name before
//     any model is built ([RegisterDoseKind], [RegisterImmunitySource]),
//     listed by [DoseKinds] and [ImmunitySources]; the doses tracker, the
//     immunity profile tracker and snapshots carry them all.
//   - Births: the births phase calls [Table.ResetNewborns] at the start of
//     its step, [Table.Add] for each birth (a free row first) and
//     [Table.AddNewborn]; later phases of the tick read [Table.Newborns].
//   - Infections: every move S → E (transmission, importation, seeding)
//     calls [Table.AddInfected](id, day); later phases of the day read
//     [Table.Infected](day) (the age at infection tracker does). The
//     list empties itself on the first infection of a new day.
//   - Deaths: [Table.Remove] frees the row (State Dead, Due and Death
//     NoDeath) and updates the counts.
//   - Ages: a component implementing [AgeInitializer] draws DOB before any
//     Initialize; one implementing [CapacityPlanner] reserves rows for its
//     births.
//
// # Snapshots
//
// A snapshot of an agent-based model saves the whole table
// ([Table.WriteSnapshot], [ReadSnapshot]): every column (rows [0, Len)),
// each patch's susceptible set and the free rows in their order, and
// every calendar generically — by name, with its ring length, its next
// day and its pending entries in firing order (stale ones included) — so
// that a resumed run draws and fires exactly as the uninterrupted one.
// The rule for a new event kind, which then needs no snapshot code of its
// own:
//
//   - get its calendar with [Table.Calendar](name, horizon, today) in
//     Initialize (and in RestoreState, if the component has one): after a
//     load it returns the restored calendar with its pending events; Claim
//     it and use it, and do not schedule the existing agents' events again
//     nor rebuild the calendar from its column;
//   - keep the event day in a column of the Table (saved with the others);
//     a phase that keeps it in a column of its own (MaternalImmunity's end
//     of protection) saves in its SnapshotState the entries a later Due
//     can still match — the ids whose day is on or after the calendar's
//     [Calendar.Now] — and sets them again in RestoreState (the column's
//     other values never match a day the calendar fires again);
//   - an event keyed by another column (the routine doses' calendars,
//     keyed by DOB and validated against it) needs nothing more;
//   - any other state the phase keeps across ticks (a listing of agents in
//     the order draws index it, results so far) goes into its
//     SnapshotState, in that order. World resources shared by several
//     phases are saved with the model ([Doses]: model.SaveSnapshot's
//     "doses").
//
// Every event day scheduled must be on or after the calendar's
// [Calendar.Now]: [Calendar.Add] files an earlier day in Now's bucket,
// where the check against the column fails, so the event would never
// fire. A phase that draws a day after its calendar fired today (births
// after the day's deaths) must therefore draw it at least a day ahead, as
// every demography does with deaths.
//
// Work that changes agents or schedules their events at the start of a run
// belongs in InitializeAges ([AgeInitializer]; never run on a load) or in
// the Initialize of a [phases.Snapshotter] whose RestoreState only attaches
// (a load calls RestoreState instead of Initialize; a component without one
// gets Initialize again). The newborn list is not saved: after a load it is
// empty until the births phase fills it, so read it only after that phase
// in the same tick. Loading checks that the patch counts saved with the
// model equal the agents' ([CheckCounts]).
package agents
