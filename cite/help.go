package cite

// Help says what the command line's cite finds and which citations it
// flags as stale: what Scan reads as a citation and Check flags.
const Help = `Cite scans files and folders for Comprehensive Rules citations ("rule 702.51",
"CR 502.46", "§702.163", "702.19c") and checks each against the rules'
history: a number that no longer exists, or whose keyword stands beside it
(next to the number, or in the file name when the line names none) but has
moved, is stale; a range ("601.2f-h") cites each of its rules:

  ConvokeAbility.java:12:8: 502.46 is Convoke of 2005-10-01..2009-05-01; Convoke is 702.51 now

A bare number counts when what stands next to it says it is a rule (a
keyword or rule title, "CR", "rule", "§", a subrule letter), so versions,
prices and addresses are left alone. Folders named
.git, vendor and node_modules, binary files and files over 16 MB are
skipped. A number that is gone but whose rule lives on under another says
which ("409.1b is 601.2b now (renumbered in 2009-07-11)"; "now" in JSON).`
