// Command crules looks up, checks and compares the Magic: The Gathering
// Comprehensive Rules, every revision since 1999. See README.md.
package main

import (
	"os"

	"github.com/crules/crules/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr)) }
