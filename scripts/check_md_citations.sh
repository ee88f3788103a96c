#!/usr/bin/env bash
# Every Markdown file that the code and the documents cite must exist, and
# every section a citation names must exist in it, so that a reader who
# follows a citation finds the text it points to. Comments also name no
# issue-tracker numbers: the tracker is not in the repository, so a comment
# says the thing itself (the reason, or the section of a document).
#
# The file: a name ending in .md. A name with a folder (docs/protocol.md,
# ../README.md) is looked up from the repository's root and from the citing
# file's folder; a bare name (RULES.md, protocol.md) in docs/, in the citing
# file's folder and at the root. Names in URLs (http://, https://) are not
# files of this repository.
#
# The section, written after the file name (a citation may run on over a
# comment's next line; its comment marker is skipped):
# - a numbered section, after a space and an optional "section" or "part":
#   `protocol.md 2.12`, `docs/protocol.md section 4`, `RULES.md A7`,
#   `RULES.md B3a`, `RULES.md part D`; a list names several
#   (`RULES.md A3, A4, B2`, `protocol.md 1 and 2.12`). The file must have a
#   heading that opens with that number: `## 2. HTTP API`, `### 2.12 A name
#   to keep...`, `### A7. PopOut`, `## Part D. Known results...`. A single
#   letter counts as a part only where a mark follows it (`RULES.md C)`,
#   `RULES.md D,`) or after "part", so that a capital word is no number.
# - a quoted name, after an optional comma or colon:
#   `docs/operations.md, "Several nodes"`, `architecture.md: "JSON at the edge
#   only"`, `protocol.md 2, "Only the site changes state"`. The file must have
#   a heading, or a paragraph or list item opening with a bold name
#   (`**Limits.**`, `- **JSON at the edge only.**`), whose
#   text (its number left off) begins with the quoted words; case, backticks
#   and line breaks do not count. After a number the name must lie inside
#   that numbered section.
# Headings inside fenced code blocks are not headings. Prose after a file
# name ("protocol.md says", "RULES.md is silent") names no section, and
# neither do unquoted words: quote a section's name to have it checked.
#
# Issue numbers: the word issue followed by a number, with or without "#",
# is refused everywhere scanned (a standard's number like "Unicode TS #39" is
# not an issue).
#
# Usage: scripts/check_md_citations.sh [ROOT]
#   (exit 1 and a list of every broken citation when one is found)
set -euo pipefail
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
cd "$root"

# The tracked sources and documents; node_modules, build trees and the lock
# file are not ours to check, nor this check's own test, whose citations are
# broken on purpose.
scan_dirs=(src tests bench fuzz scripts cmake docs web/src web/tests web/scripts .ci)
files=()
for d in "${scan_dirs[@]}"; do
  [ -d "$d" ] || continue
  while IFS= read -r f; do files+=("$f"); done < <(find "$d" -type f \
    \( -name node_modules -o -name build -o -name dist \) -prune -o -type f \
    ! -path tests/tree/check_md_citations_test.sh -print)
done
for f in README.md CMakeLists.txt CMakePresets.json web/README.md web/package.json web/*.html web/*.ts; do
  [ -f "$f" ] && files+=("$f")
done

exec perl -e '
use strict;
use warnings;

# Between the words of a citation: blanks, or a line break followed by the
# next line'"'"'s comment marker.
my $gap = qr{(?:[ \t]|\n[ \t]*(?://+|\#+|--|\*(?![*/]))?)+};
my $num = qr{(?:[0-9]+(?:\.[0-9]+)*|[A-Z][0-9]+[a-z]?(?:\.[0-9]+)*)(?![\w])(?!\.[0-9])};
my $letter = qr{[A-Z](?=[^\w\s])};
my $part = qr{(?:part|Part|section|Section)$gap(?:$num|[A-Z](?![\w]))};
my $first = qr{(?:$part|$num|$letter)};
my $more = qr{(?:,|,?$gap(?:and|or))$gap(?:$num|$letter)};
my $quoted = qr{"([^"\n]{1,120}(?:\n[^"\n]{0,120})?)"};

my %sections;  # a Markdown file: [ [line, level, number, name], ... ]
sub sections_of {
  my ($md) = @_;
  return $sections{$md} if $sections{$md};
  my @list;
  open(my $fh, "<", $md) or die "$md: $!";
  my $fence = "";
  while (my $l = <$fh>) {
    if ($l =~ /^\s*(```|~~~)/) { $fence = $fence ? "" : $1; next; }
    next if $fence;
    my ($level, $text);
    if ($l =~ /^(#{1,6})\s+(.*?)\s*#*\s*$/) { ($level, $text) = (length $1, $2); }
    elsif ($l =~ /^(?:\s*[-*]\s+)?\*\*(.+?)\*\*/) { ($level, $text) = (7, $1); }
    else { next; }
    my $number = "";
    if ($level < 7 && ($text =~ /^Part\s+([A-Z])(?:\.\s*|\s+|$)(.*)$/
                       || $text =~ /^([0-9]+(?:\.[0-9]+)*|[A-Z][0-9]+[a-z]?(?:\.[0-9]+)*)(?:\.\s*|\s+|$)(.*)$/)) {
      ($number, $text) = ($1, $2);
    }
    push @list, [$., $level, $number, $text];
  }
  close $fh;
  return $sections{$md} = \@list;
}

sub plain { my ($s) = @_; $s =~ s/`//g; $s =~ s/\s+/ /g; $s =~ s/^ | $//g; return lc $s; }

# Lines [from, to) of a numbered section, or none.
sub extent {
  my ($list, $number) = @_;
  for my $i (0 .. $#$list) {
    next unless $list->[$i][2] eq $number && $list->[$i][1] < 7;
    my $to = 1e9;
    for my $j ($i + 1 .. $#$list) {
      if ($list->[$j][1] <= $list->[$i][1]) { $to = $list->[$j][0]; last; }
    }
    return ($list->[$i][0], $to);
  }
  return;
}

sub name_lines {
  my ($list, $name) = @_;
  my $want = plain($name);
  my @lines;
  for my $s (@$list) {
    my $have = plain($s->[3]);
    push @lines, $s->[0] if substr($have, 0, length $want) eq $want
      && substr($have, length $want, 1) !~ /\w/;
  }
  return @lines;
}

my ($checked, $sections_checked, @broken) = (0, 0);
for my $file (@ARGV) {
  my $text = do { local $/; open(my $fh, "<", $file) or next; <$fh> };
  next unless defined $text;
  my $dir = $file =~ m{^(.*)/} ? $1 : ".";
  my $at = sub { my ($pos) = @_; return 1 + (substr($text, 0, $pos) =~ tr/\n//); };

  while ($text =~ /\b(issues?$gap\#?[0-9]+)\b/gi) {
    push @broken, "$file:" . $at->($-[1]) . ": names an issue number (\"$1\"); say the thing itself";
  }

  while ($text =~ m{((?:https?://)?[A-Za-z0-9_./-]*[A-Za-z0-9_-]+\.md)\b
                    (?:$gap($first(?:$more)*))?
                    (?:[,:]?$gap?$quoted)?}gx) {
    my ($name, $numbers, $quote, $pos) = ($1, $2, $3, $-[1]);
    next if $name =~ m{^https?://};
    $checked++;
    my $line = $at->($pos);
    my @candidates = $name =~ m{/} ? ($name, "$dir/$name") : ("docs/$name", "$dir/$name", $name);
    my ($md) = grep { -f $_ } @candidates;
    unless ($md) {
      push @broken, "$file:$line: cites $name, which is not a file (looked for: @candidates)";
      next;
    }
    my $list = sections_of($md);
    my @ranges;
    if (defined $numbers) {
      for my $n (grep { !/^(?:Part|Section)$/ } $numbers =~ /\b([0-9A-Z](?:[\w.]*\w)?)/g) {
        $sections_checked++;
        my @r = extent($list, $n);
        if (@r) { push @ranges, [@r]; }
        else { push @broken, "$file:$line: cites $name $n, but $md has no heading numbered $n"; }
      }
    }
    if (defined $quote) {
      $sections_checked++;
      (my $q = $quote) =~ s{\n[ \t]*(?://+|\#+|--|\*)?[ \t]*}{ }g;
      my @lines = name_lines($list, $q);
      if (@ranges) {
        @lines = grep { my $l = $_; grep { $l >= $_->[0] && $l < $_->[1] } @ranges } @lines;
      }
      unless (@lines) {
        my $where = @ranges ? " inside the section cited" : "";
        my $cited = defined $numbers ? "$name $numbers" : $name;
        $cited =~ s/\s+/ /g;
        push @broken, "$file:$line: cites $cited, \"$q\", but $md has no heading or bold name$where that begins so";
      }
    }
  }
}

if (@broken) {
  print "$_\n" for @broken;
  print "check_md_citations: ", scalar(@broken), " broken of $checked citations\n";
  exit 1;
}
print "check_md_citations: all $checked citations of Markdown files resolve, with the",
      " $sections_checked sections they name (", scalar(@ARGV), " files scanned; no issue numbers)\n";
' "${files[@]}"
