// Package paramkit holds the params checks and JSON helpers the process
// families of package systems share (the patch models' processes in
// systems, the compartmental model's in systems/compartmental, the
// agent-based model's in systems/abm): range and choice checks with the
// project's error wording, and the decoding and encoding of a mixer key.
package paramkit
