// Package testmount mounts a tmpfs for tests of what rubeola does with a
// mount point as its output directory (issue 37 item 1). It holds
// [Tmpfs], which skips the test where mounting is not allowed.
package testmount
