<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>QObject</name>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
</context>
<context>
    <name>WakeupText</name>
    <message>
        <source>task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Laufend</translation>
    </message>
    <message>
        <source>Runnable</source>
        <translation>Lauffähig</translation>
    </message>
    <message>
        <source>Runnable (preempted)</source>
        <translation>Lauffähig (verdrängt)</translation>
    </message>
    <message>
        <source>Sleeping (S)</source>
        <translation>Schlafend (S)</translation>
    </message>
    <message>
        <source>Uninterruptible (D)</source>
        <translation>Ununterbrechbar (D)</translation>
    </message>
    <message>
        <source>Throttled (cpu.max)</source>
        <translation>Gedrosselt (cpu.max)</translation>
    </message>
    <message>
        <source>Unknown (not in the recording)</source>
        <translation>Unbekannt (nicht in der Aufzeichnung)</translation>
    </message>
    <message>
        <source>woken by %1 from %2 at %3</source>
        <translation>geweckt von %1 auf %2 bei %3</translation>
    </message>
    <message>
        <source>started by its parent %1 (fork) on %2</source>
        <translation>gestartet von seinem Elternteil %1 (fork) auf %2</translation>
    </message>
    <message>
        <source>its timer fired on %1 at %2</source>
        <translation>sein Timer lief ab auf %1 bei %2</translation>
    </message>
    <message>
        <source>an interrupt or an idle CPU woke it (%1)</source>
        <translation>ein Interrupt oder eine untätige CPU weckte ihn (%1)</translation>
    </message>
    <message>
        <source>the start (of the run or the recording)</source>
        <translation>der Anfang (des Laufs oder der Aufzeichnung)</translation>
    </message>
    <message>
        <source>never slept: preempted, it waited for a CPU</source>
        <translation>schlief nie: verdrängt, wartete er auf eine CPU</translation>
    </message>
    <message>
        <source>never slept: its cgroup was throttled (cpu.max)</source>
        <translation>schlief nie: seine Cgroup war gedrosselt (cpu.max)</translation>
    </message>
    <message>
        <source>no wakeup recorded (events lost)</source>
        <translation>kein Wecken aufgezeichnet (Ereignisse verloren)</translation>
    </message>
    <message>
        <source>Ended by</source>
        <translation>Beendet durch</translation>
    </message>
    <message>
        <source>not woken yet: it still waits where the tracks end</source>
        <translation>noch nicht geweckt: er wartet noch, wo die Spuren enden</translation>
    </message>
    <message>
        <source>not preempted</source>
        <translation>nicht verdrängt</translation>
    </message>
    <message>
        <source>wakeup preemption</source>
        <translation>Verdrängung beim Wecken</translation>
    </message>
    <message>
        <source>RT priority</source>
        <translation>RT-Priorität</translation>
    </message>
    <message>
        <source>tick (share used up)</source>
        <translation>Tick (Anteil verbraucht)</translation>
    </message>
    <message>
        <source>EEVDF deadline (slice used up)</source>
        <translation>EEVDF-Deadline (Slice verbraucht)</translation>
    </message>
    <message>
        <source>shorter-slice waker (EEVDF)</source>
        <translation>Wecker mit kürzerer Slice (EEVDF)</translation>
    </message>
    <message>
        <source>cpu.max runtime used up</source>
        <translation>cpu.max-Laufzeit verbraucht</translation>
    </message>
    <message>
        <source>RT throttling</source>
        <translation>RT-Drosselung</translation>
    </message>
    <message>
        <source>fair server</source>
        <translation>Fair-Server</translation>
    </message>
    <message>
        <source>sched_yield</source>
        <translation>sched_yield</translation>
    </message>
    <message>
        <source>rescheduled (a move, an affinity change, the stopper)</source>
        <translation>neu eingeplant (Verschieben, Affinität, Stopper)</translation>
    </message>
    <message>
        <source>rule not in the recording</source>
        <translation>Regel nicht in der Aufzeichnung</translation>
    </message>
    <message>
        <source> (domain level %1)</source>
        <translation> (Domänenebene %1)</translation>
    </message>
    <message>
        <source>wakeup placement</source>
        <translation>Platzierung beim Wecken</translation>
    </message>
    <message>
        <source>periodic balance</source>
        <translation>periodischer Lastausgleich</translation>
    </message>
    <message>
        <source>newidle balance</source>
        <translation>Newidle-Lastausgleich</translation>
    </message>
    <message>
        <source>nohz idle balance</source>
        <translation>NOHZ-Idle-Lastausgleich</translation>
    </message>
    <message>
        <source>active balance</source>
        <translation>aktiver Lastausgleich</translation>
    </message>
    <message>
        <source>affinity change</source>
        <translation>Affinitätsänderung</translation>
    </message>
    <message>
        <source>cgroup move</source>
        <translation>Cgroup-Wechsel</translation>
    </message>
    <message>
        <source>RT push</source>
        <translation>RT-Push</translation>
    </message>
    <message>
        <source>RT pull</source>
        <translation>RT-Pull</translation>
    </message>
    <message>
        <source>preempted by %1: %2</source>
        <translation>verdrängt von %1: %2</translation>
    </message>
    <message>
        <source>preempted (the CPU went idle): %1</source>
        <translation>verdrängt (die CPU wurde untätig): %1</translation>
    </message>
    <message>
        <source>moved cpu%1 → cpu%2 at %3 by %4</source>
        <translation>verschoben cpu%1 → cpu%2 bei %3 durch %4</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source> (inferred)</source>
        <translation> (erschlossen)</translation>
    </message>
    <message>
        <source>protected run ended (EEVDF, v6.17+)</source>
        <translation>geschützte Laufzeit abgelaufen (EEVDF, ab v6.17)</translation>
    </message>
    <message>
        <source>still running</source>
        <translation>läuft noch</translation>
    </message>
    <message>
        <source>then preempted by %1: %2</source>
        <translation>dann von %1 verdrängt: %2</translation>
    </message>
    <message>
        <source>then preempted: %1</source>
        <translation>dann verdrängt: %1</translation>
    </message>
    <message>
        <source>then it slept</source>
        <translation>dann schlief er</translation>
    </message>
    <message>
        <source>then throttled (cpu.max)</source>
        <translation>dann gedrosselt (cpu.max)</translation>
    </message>
    <message>
        <source>then it exited or the record ends</source>
        <translation>dann endete er, oder die Aufzeichnung endet</translation>
    </message>
    <message>
        <source>%1 on cpu%2 for %3 (%4)</source>
        <translation>%1 auf cpu%2 für %3 (%4)</translation>
    </message>
    <message>
        <source>%1 is an RT task of equal or higher priority (%2 against %3): it keeps the CPU</source>
        <translation>%1 ist ein RT-Task gleicher oder höherer Priorität (%2 gegen %3): er behält die CPU</translation>
    </message>
    <message>
        <source>%1 is an RT task: a fair task never preempts one</source>
        <translation>%1 ist ein RT-Task: ein Fair-Task verdrängt nie einen solchen</translation>
    </message>
    <message>
        <source>a SCHED_BATCH or SCHED_IDLE task&apos;s wakeup never preempts; the tick decides</source>
        <translation>das Aufwecken eines SCHED_BATCH- oder SCHED_IDLE-Tasks verdrängt nie; der Tick entscheidet</translation>
    </message>
    <message>
        <source>it was placed behind %1 while that CPU was rescheduling</source>
        <translation>er wurde hinter %1 eingereiht, während diese CPU neu einplante</translation>
    </message>
    <message>
        <source>the kernel&apos;s wakeup check (wakeup_preempt) let %1 run on; a recording does not say why</source>
        <translation>die Aufweck-Prüfung des Kernels (wakeup_preempt) ließ %1 weiterlaufen; eine Aufzeichnung sagt nicht, warum</translation>
    </message>
    <message>
        <source>EEVDF&apos;s pick still chose %1 (pick_eevdf): the woken task was not eligible, or %1&apos;s deadline was earlier, or %1 ran to parity within its slice</source>
        <translation>Die Auswahl von EEVDF wählte weiter %1 (pick_eevdf): der geweckte Task war nicht berechtigt, oder die Deadline von %1 war früher, oder %1 lief innerhalb seiner Zeitscheibe bis zur Parität</translation>
    </message>
    <message>
        <source>CFS&apos;s wakeup check (check_preempt_wakeup) found the woken task&apos;s vruntime not ahead of %1&apos;s by more than the wakeup granularity</source>
        <translation>Die Aufweck-Prüfung von CFS (check_preempt_wakeup) fand die vruntime des geweckten Tasks nicht um mehr als die Aufweck-Granularität vor der von %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1. %2&lt;/b&gt;: left the CPU as %3, from %4 to %5: asleep %6, waited for a CPU %7</source>
        <translation>&lt;b&gt;%1. %2&lt;/b&gt;: verließ die CPU als %3, von %4 bis %5: schlafend %6, wartete auf eine CPU %7</translation>
    </message>
    <message>
        <source>Held the CPU</source>
        <translation>Hielt die CPU</translation>
    </message>
    <message>
        <source>Not preempted because</source>
        <translation>Nicht verdrängt, weil</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Linux CPU scheduler simulator</source>
        <translation>Simulator des Linux-CPU-Schedulers</translation>
    </message>
    <message>
        <source>Without a window: run the scenario, write every chart and table to DIR and quit.</source>
        <translation>Ohne Fenster: das Szenario ausführen, alle Diagramme und Tabellen nach DIR schreiben und beenden.</translation>
    </message>
    <message>
        <source>Simulated time for --export-dir (default: the scenario&apos;s duration).</source>
        <translation>Simulierte Zeit für --export-dir (Standard: die Dauer des Szenarios).</translation>
    </message>
    <message>
        <source>Formats for --export-dir, comma separated: png, svg, pdf, csv (default png,csv).</source>
        <translation>Formate für --export-dir, durch Kommas getrennt: png, svg, pdf, csv (Standard png,csv).</translation>
    </message>
    <message>
        <source>Run to --run-to, save the window as an image to FILE and quit.</source>
        <translation>Bis --run-to laufen, das Fenster als Bild in FILE speichern und beenden.</translation>
    </message>
    <message>
        <source>Simulated time for --screenshot (default 2s).</source>
        <translation>Simulierte Zeit für --screenshot (Standard 2s).</translation>
    </message>
    <message>
        <source>View tab to show for --screenshot (0 Threads to 6 Details).</source>
        <translation>Ansichts-Reiter für --screenshot (0 Threads bis 6 Details).</translation>
    </message>
    <message>
        <source>Language for this run: en, de or zh_CN.</source>
        <translation>Sprache für diesen Lauf: en, de oder zh_CN.</translation>
    </message>
    <message>
        <source>With --screenshot: the A/B comparison window.</source>
        <translation>Mit --screenshot: das Fenster des A/B-Vergleichs.</translation>
    </message>
    <message>
        <source>With --screenshot: expand the core holding CPU N in the timeline.</source>
        <translation>Mit --screenshot: den Kern mit CPU N in der Zeitleiste aufklappen.</translation>
    </message>
    <message>
        <source>With --screenshot: show the details of the slice on CPU N at time T (N@T, e.g. 3@1.5s).</source>
        <translation>Mit --screenshot: die Details des Abschnitts auf CPU N zur Zeit T zeigen (N@T, z. B. 3@1.5s).</translation>
    </message>
    <message>
        <source>Window size for --screenshot and --export-dir (default 1500x950).</source>
        <translation>Fenstergröße für --screenshot und --export-dir (Vorgabe 1500x950).</translation>
    </message>
    <message>
        <source>A scenario file, builtin:NAME or a scheduler trace (default: builtin:default)</source>
        <translation>Eine Szenariodatei, builtin:NAME oder ein Scheduler-Trace (Vorgabe: builtin:default)</translation>
    </message>
    <message>
        <source>With --screenshot: the comparison of a real run (a trace FILE) with the scenario&apos;s simulation.</source>
        <translation>Mit --screenshot: der Vergleich eines echten Laufs (ein Trace FILE) mit der Simulation des Szenarios.</translation>
    </message>
</context>
<context>
    <name>ui</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: the size must be 16 to 20000 pixels a side</source>
        <translation>%1 kann nicht geschrieben werden: die Größe muss 16 bis 20000 Pixel je Seite betragen</translation>
    </message>
    <message>
        <source>Cannot write %1: the resolution must be 24 to 1200 dpi</source>
        <translation>%1 kann nicht geschrieben werden: die Auflösung muss 24 bis 1200 dpi betragen</translation>
    </message>
    <message>
        <source>%1 has no data to export as CSV</source>
        <translation>%1 hat keine Daten für einen CSV-Export</translation>
    </message>
    <message>
        <source>%1 is a table: it exports as CSV only</source>
        <translation>%1 ist eine Tabelle: sie wird nur als CSV exportiert</translation>
    </message>
    <message>
        <source>Cannot replay the session for %1: %2</source>
        <translation>Die Sitzung für %1 kann nicht nachgespielt werden: %2</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Cannot write %1: %2 is still being computed</source>
        <translation>%1 kann nicht geschrieben werden: %2 wird noch berechnet</translation>
    </message>
</context>
<context>
    <name>ui::BookmarksMenu</name>
    <message>
        <source>&amp;Bookmarks</source>
        <translation>Lesezeic&amp;hen</translation>
    </message>
    <message>
        <source>&amp;Add Bookmark...</source>
        <translation>Lesezeichen &amp;hinzufügen...</translation>
    </message>
    <message>
        <source>&amp;Remove Bookmark Nearest the Cursor</source>
        <translation>Lesezeichen am Cursor &amp;entfernen</translation>
    </message>
    <message>
        <source>Add Bookmark</source>
        <translation>Lesezeichen hinzufügen</translation>
    </message>
    <message>
        <source>Note for the bookmark at %1:</source>
        <translation>Notiz für das Lesezeichen bei %1:</translation>
    </message>
</context>
<context>
    <name>ui::BuiltinsDialog</name>
    <message>
        <source>Open built-in scenario</source>
        <translation>Eingebautes Szenario öffnen</translation>
    </message>
    <message>
        <source>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;&lt;i&gt;%3 CPUs (%4 socket(s) x %5 cores x %6 threads), %7 simulated, seed %8&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;&lt;i&gt;%3 CPUs (%4 Sockel x %5 Kerne x %6 Threads), %7 simuliert, Seed %8&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ui::CgroupPanel</name>
    <message>
        <source>Move to cgroup</source>
        <translation>In Cgroup verschieben</translation>
    </message>
    <message>
        <source>&amp;Kill %1</source>
        <translation>%1 &amp;beenden</translation>
    </message>
    <message>
        <source>Set weight...</source>
        <translation>Gewicht setzen...</translation>
    </message>
    <message>
        <source>cpu.weight of %1</source>
        <translation>cpu.weight von %1</translation>
    </message>
    <message>
        <source>Weight (1 to 10000):</source>
        <translation>Gewicht (1 bis 10000):</translation>
    </message>
    <message>
        <source>Cgroup tree</source>
        <translation>Cgroup-Baum</translation>
    </message>
    <message>
        <source>Set cpu.max...</source>
        <translation>cpu.max festlegen...</translation>
    </message>
    <message>
        <source>Find a cgroup or task (Ctrl+F)</source>
        <translation>Cgroup oder Task finden (Strg+F)</translation>
    </message>
    <message>
        <source>Find cgroup/task</source>
        <translation>Cgroup/Task finden</translation>
    </message>
</context>
<context>
    <name>ui::CgroupTreeModel</name>
    <message>
        <source>Cgroup / task</source>
        <translation>Cgroup / Task</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>Tasks / state</source>
        <translation>Tasks / Zustand</translation>
    </message>
    <message>
        <source>CPU (ms)</source>
        <translation>CPU (ms)</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>cpu some</source>
        <translation>cpu some</translation>
    </message>
    <message>
        <source>mem some</source>
        <translation>mem some</translation>
    </message>
    <message>
        <source>io some</source>
        <translation>io some</translation>
    </message>
    <message>
        <source>cpu.weight (1 to 10000); double-click to change it live</source>
        <translation>cpu.weight (1 bis 10000); Doppelklick ändert es live</translation>
    </message>
    <message>
        <source>cpuacct usage of the whole subtree; a task&apos;s own runtime</source>
        <translation>cpuacct-Verbrauch des ganzen Teilbaums; bei einem Task seine eigene Laufzeit</translation>
    </message>
    <message>
        <source>Share of all CPU time of the machine since the start</source>
        <translation>Anteil an der gesamten CPU-Zeit der Maschine seit dem Start</translation>
    </message>
    <message>
        <source>PSI some avg10: %% of the last 10 s some task of the cgroup stalled</source>
        <translation>PSI some avg10: %% der letzten 10 s, in denen ein Task der Cgroup blockiert war</translation>
    </message>
    <message>
        <source>%1: drop a task here to move it (sched_move_task)</source>
        <translation>%1: einen Task hier ablegen, um ihn zu verschieben (sched_move_task)</translation>
    </message>
    <message>
        <source>cpu.max</source>
        <translation>cpu.max</translation>
    </message>
    <message>
        <source>cpu.max bandwidth limit: quota per period (ms); &quot;throttled&quot; while its queues wait for the next period. Right-click a cgroup to change it live</source>
        <translation>Bandbreitengrenze cpu.max: Kontingent pro Periode (ms); „gedrosselt“, solange ihre Warteschlangen auf die nächste Periode warten. Rechtsklick auf eine Cgroup ändert sie live</translation>
    </message>
    <message>
        <source>cpu.max %1; throttled in %2 periods, %3 ms in all (cpu.stat)</source>
        <translation>cpu.max %1; in %2 Perioden gedrosselt, insgesamt %3 ms (cpu.stat)</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>%1 throttled</source>
        <translation>%1 gedrosselt</translation>
    </message>
    <message>
        <source>W</source>
        <comment>cpu.weight, abbreviated for a narrow column</comment>
        <translation>G</translation>
    </message>
    <message>
        <source>%1: drag onto a cgroup to move this task there</source>
        <translation>%1: auf eine Cgroup ziehen, um diesen Task dorthin zu verschieben</translation>
    </message>
</context>
<context>
    <name>ui::CompareDeltaModel</name>
    <message>
        <source>cpuacct usage %1</source>
        <translation>cpuacct-Verbrauch %1</translation>
    </message>
    <message>
        <source>CPU time used by the cgroup and its children</source>
        <translation>CPU-Zeit der Cgroup und ihrer Kinder</translation>
    </message>
    <message>
        <source>PSI %1 some avg10 %2</source>
        <translation>PSI %1 some avg10 %2</translation>
    </message>
    <message>
        <source>share of the last 10 s in which some task of the cgroup stalled</source>
        <translation>Anteil der letzten 10 s, in denen ein Task der Cgroup blockiert war</translation>
    </message>
    <message>
        <source>messages %1</source>
        <translation>Nachrichten %1</translation>
    </message>
    <message>
        <source>messages received on the channel: the scenario&apos;s throughput</source>
        <translation>auf dem Kanal empfangene Nachrichten: der Durchsatz des Szenarios</translation>
    </message>
    <message>
        <source>new in B</source>
        <translation>neu in B</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Change (B-A)/A</source>
        <translation>Änderung (B-A)/A</translation>
    </message>
    <message>
        <source>Neither direction is better for this quantity</source>
        <translation>Für diese Größe ist keine Richtung besser</translation>
    </message>
    <message>
        <source>Lower is better: green when B is lower, red when higher</source>
        <translation>Niedriger ist besser: grün, wenn B niedriger ist, rot, wenn höher</translation>
    </message>
    <message>
        <source>Higher is better: green when B is higher, red when lower</source>
        <translation>Höher ist besser: grün, wenn B höher ist, rot, wenn niedriger</translation>
    </message>
    <message>
        <source>nr_throttled %1</source>
        <translation>nr_throttled %1</translation>
    </message>
    <message>
        <source>cpu.stat: periods that ended with the group throttled</source>
        <translation>cpu.stat: Perioden, an deren Ende die Gruppe gedrosselt war</translation>
    </message>
    <message>
        <source>throttled time %1</source>
        <translation>Drosselzeit %1</translation>
    </message>
    <message>
        <source>cpu.stat throttled_usec: time the group&apos;s queues waited for runtime, summed over CPUs</source>
        <translation>cpu.stat throttled_usec: Zeit, die die Warteschlangen der Gruppe auf Laufzeit warteten, über alle CPUs summiert</translation>
    </message>
    <message>
        <source>nr_periods %1</source>
        <translation>nr_periods %1</translation>
    </message>
    <message>
        <source>cpu.stat: bandwidth periods while the limit was active</source>
        <translation>cpu.stat: Bandbreitenperioden, während die Grenze aktiv war</translation>
    </message>
    <message>
        <source>nr_bursts %1</source>
        <translation>nr_bursts %1</translation>
    </message>
    <message>
        <source>cpu.stat: periods that used carried-over quota (cpu.max.burst)</source>
        <translation>cpu.stat: Perioden, die übertragenes Kontingent nutzten (cpu.max.burst)</translation>
    </message>
    <message>
        <source> (from %1 on: the finer detail before was dropped to save memory)</source>
        <translation> (ab %1: die feinere Auflösung davor wurde verworfen, um Speicher zu sparen)</translation>
    </message>
    <message>
        <source>CPU time %1</source>
        <translation>CPU-Zeit %1</translation>
    </message>
    <message>
        <source>CPU time of the command&apos;s tasks (%1 in A, %2 in B), kernel work on their behalf included; a recording&apos;s threads and their simulations (comm-pid) counted as their command</source>
        <translation>CPU-Zeit der Tasks des Befehls (%1 in A, %2 in B), Kernelarbeit für sie eingeschlossen; die Threads einer Aufzeichnung und ihre Simulationen (comm-pid) zählen zu ihrem Befehl</translation>
    </message>
    <message>
        <source>switches %1</source>
        <translation>Wechsel %1</translation>
    </message>
    <message>
        <source>times one of the command&apos;s tasks was switched out</source>
        <translation>wie oft ein Task des Befehls von der CPU genommen wurde</translation>
    </message>
    <message numerus="yes">
        <source>CPU time, %n other command(s)</source>
        <translation>
            <numerusform>CPU-Zeit, %n weiterer Befehl</numerusform>
            <numerusform>CPU-Zeit, %n weitere Befehle</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU time of the commands not listed one by one</source>
        <translation>CPU-Zeit der nicht einzeln aufgeführten Befehle</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>Not known: a recording of a real kernel does not count this (the simulator&apos;s own counters, its overhead, pressure, cpu.stat and channels), or a channel&apos;s messages over a stretch that does not start at 0</source>
        <translation>Nicht bekannt: eine Aufzeichnung eines echten Kernels zählt das nicht (die eigenen Zähler des Simulators, sein Overhead, Druck, cpu.stat und Kanäle), oder die Nachrichten eines Kanals über eine Strecke, die nicht bei 0 beginnt</translation>
    </message>
</context>
<context>
    <name>ui::CompareSide</name>
    <message>
        <source>all optimizations off</source>
        <translation>alle Optimierungen aus</translation>
    </message>
    <message>
        <source>all optimizations on</source>
        <translation>alle Optimierungen an</translation>
    </message>
    <message>
        <source>on: %1</source>
        <translation>an: %1</translation>
    </message>
    <message>
        <source>kernel %1</source>
        <translation>Kernel %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 on kernel %2: %n scenario setting(s) dropped (%3)</source>
        <translation>
            <numerusform>%1 auf Kernel %2: %n Szenario-Einstellung entfernt (%3)</numerusform>
            <numerusform>%1 auf Kernel %2: %n Szenario-Einstellungen entfernt (%3)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cannot run on kernel %2: %3</source>
        <translation>%1 kann nicht auf Kernel %2 laufen: %3</translation>
    </message>
    <message>
        <source>Not a switch in kernel model %1: %2</source>
        <translation>Im Kernelmodell %1 nicht schaltbar: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 — real run: %2 (%3, %n scheduler event(s))</source>
        <translation>
            <numerusform>%1 — echter Lauf: %2 (%3, %n Scheduler-Ereignis)</numerusform>
            <numerusform>%1 — echter Lauf: %2 (%3, %n Scheduler-Ereignisse)</numerusform>
        </translation>
    </message>
    <message>
        <source>Costs &amp;&amp; Machine</source>
        <translation>Kosten &amp;&amp; Maschine</translation>
    </message>
    <message>
        <source>Run this side with measured costs or on another machine</source>
        <translation>Diese Seite mit gemessenen Kosten oder auf einer anderen Maschine laufen lassen</translation>
    </message>
    <message>
        <source>Costs from File...</source>
        <translation>Kosten aus Datei...</translation>
    </message>
    <message>
        <source>Machine from Host File...</source>
        <translation>Maschine aus Host-Datei...</translation>
    </message>
    <message>
        <source>The Scenario&apos;s Own Costs and Machine</source>
        <translation>Kosten und Maschine des Szenarios</translation>
    </message>
    <message>
        <source>%1 stays on the scenario&apos;s machine: %2</source>
        <translation>%1 bleibt auf der Maschine des Szenarios: %2</translation>
    </message>
    <message>
        <source>Costs for %1</source>
        <translation>Kosten für %1</translation>
    </message>
    <message>
        <source>Machine for %1</source>
        <translation>Maschine für %1</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot use the costs</source>
        <translation>Kosten nicht verwendbar</translation>
    </message>
    <message>
        <source>Cannot use the machine</source>
        <translation>Maschine nicht verwendbar</translation>
    </message>
    <message>
        <source>%1 keeps what it ran with.</source>
        <translation>%1 behält, womit es lief.</translation>
    </message>
    <message>
        <source>, costs %1</source>
        <translation>, Kosten %1</translation>
    </message>
    <message numerus="yes">
        <source>, machine %1 (%n CPU(s))</source>
        <translation>
            <numerusform>, Maschine %1 (%n CPU)</numerusform>
            <numerusform>, Maschine %1 (%n CPUs)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — kernel %2%3, %4</source>
        <translation>%1 — Kernel %2%3, %4</translation>
    </message>
</context>
<context>
    <name>ui::CompareWindow</name>
    <message>
        <source>Compare A/B: %1 - SchedScope</source>
        <translation>A/B-Vergleich: %1 - SchedScope</translation>
    </message>
    <message>
        <source>A/B delta</source>
        <translation>A/B-Differenz</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Start</translation>
    </message>
    <message>
        <source>Step &amp;100 ms</source>
        <translation>&amp;100 ms weiter</translation>
    </message>
    <message>
        <source>Run to &amp;end</source>
        <translation>Bis zum &amp;Ende</translation>
    </message>
    <message>
        <source>Ctrl+End</source>
        <translation>Ctrl+End</translation>
    </message>
    <message>
        <source>R&amp;eset</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source> Speed </source>
        <translation> Tempo </translation>
    </message>
    <message>
        <source>&amp;Export Chart...</source>
        <translation>Diagramm &amp;exportieren...</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;All...</source>
        <translation>&amp;Alle exportieren...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>A and B at 0 s</source>
        <translation>A und B bei 0 s</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>A at %1, B at %2</source>
        <translation>A bei %1, B bei %2</translation>
    </message>
    <message>
        <source>A and B at %1</source>
        <translation>A und B bei %1</translation>
    </message>
    <message>
        <source>Compare a real run with its simulation: %1 - SchedScope</source>
        <translation>Echten Lauf mit seiner Simulation vergleichen: %1 - SchedScope</translation>
    </message>
    <message>
        <source>The recording ran on %1 CPU(s), the scenario simulates %2: per-CPU figures and totals are not comparable.</source>
        <translation>Die Aufzeichnung lief auf %1 CPU(s), das Szenario simuliert %2: Zahlen je CPU und Summen sind nicht vergleichbar.</translation>
    </message>
    <message numerus="yes">
        <source>%n thing(s) the recording could not tell (hover to read)</source>
        <translation>
            <numerusform>%n Sache, die die Aufzeichnung nicht verrät (Maus darüber zum Lesen)</numerusform>
            <numerusform>%n Dinge, die die Aufzeichnung nicht verrät (Maus darüber zum Lesen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare two recordings: %1 and %2 - SchedScope</source>
        <translation>Zwei Aufzeichnungen vergleichen: %1 und %2 - SchedScope</translation>
    </message>
    <message>
        <source>The recordings ran on %1 and %2 CPU(s): per-CPU figures and totals are not comparable.</source>
        <translation>Die Aufzeichnungen liefen auf %1 und %2 CPU(s): Werte pro CPU und Summen sind nicht vergleichbar.</translation>
    </message>
    <message>
        <source>&amp;Query...</source>
        <translation>Ab&amp;frage...</translation>
    </message>
    <message>
        <source>Query A and B</source>
        <translation>Abfrage über A und B</translation>
    </message>
    <message>
        <source> Compare </source>
        <translation> Vergleichen </translation>
    </message>
    <message>
        <source>each whole</source>
        <translation>jede ganz</translation>
    </message>
    <message>
        <source>at the same time</source>
        <translation>zur selben Zeit</translation>
    </message>
    <message>
        <source>the range in view</source>
        <translation>den sichtbaren Bereich</translation>
    </message>
    <message>
        <source>Each side over all it has run; a recording from its first event to its last</source>
        <translation>Jede Seite über alles, was sie gelaufen ist; eine Aufzeichnung vom ersten bis zum letzten Ereignis</translation>
    </message>
    <message>
        <source>Both sides up to the same time since their start (the shorter one&apos;s end)</source>
        <translation>Beide Seiten bis zur selben Zeit seit ihrem Start (dem Ende der kürzeren)</translation>
    </message>
    <message>
        <source>Both sides over the time range the timelines show (zoom to choose it)</source>
        <translation>Beide Seiten über den Zeitbereich, den die Zeitleisten zeigen (zum Wählen zoomen)</translation>
    </message>
    <message>
        <source>%1 restarted on kernel %2 and runs back to %3.</source>
        <translation>%1 neu gestartet auf Kernel %2, läuft zurück bis %3.</translation>
    </message>
    <message>
        <source>%1 restarted on kernel %2.</source>
        <translation>%1 neu gestartet auf Kernel %2.</translation>
    </message>
    <message>
        <source>each whole: A and B at %1</source>
        <translation>jede ganz: A und B bei %1</translation>
    </message>
    <message>
        <source>each whole: A to %1, B to %2</source>
        <translation>jede ganz: A bis %1, B bis %2</translation>
    </message>
    <message>
        <source>from %1 to %2 of each</source>
        <translation>von %1 bis %2 jeder Seite</translation>
    </message>
</context>
<context>
    <name>ui::CounterModel</name>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Per second</source>
        <translation>je s</translation>
    </message>
    <message>
        <source>CPU share</source>
        <translation>CPU-Anteil</translation>
    </message>
    <message>
        <source>events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>simulation events processed</source>
        <translation>verarbeitete Simulationsereignisse</translation>
    </message>
    <message>
        <source>context switches</source>
        <translation>Kontextwechsel</translation>
    </message>
    <message>
        <source>every switch, to and from idle included (vmstat cs)</source>
        <translation>jeder Wechsel, auch von und zu idle (vmstat cs)</translation>
    </message>
    <message>
        <source>wakeups</source>
        <translation>Aufweckungen</translation>
    </message>
    <message>
        <source>try_to_wake_up calls that woke a task</source>
        <translation>try_to_wake_up-Aufrufe, die einen Task weckten</translation>
    </message>
    <message>
        <source>wakeup preemptions</source>
        <translation>Verdrängungen beim Aufwecken</translation>
    </message>
    <message>
        <source>a woken task preempted the running one</source>
        <translation>ein geweckter Task verdrängte den laufenden</translation>
    </message>
    <message>
        <source>tick preemptions</source>
        <translation>Verdrängungen durch den Tick</translation>
    </message>
    <message>
        <source>the tick ended a task&apos;s slice</source>
        <translation>der Tick beendete die Zeitscheibe eines Tasks</translation>
    </message>
    <message>
        <source>migrations</source>
        <translation>Migrationen</translation>
    </message>
    <message>
        <source>tasks that changed CPU, all reasons (as perf counts cpu-migrations)</source>
        <translation>Tasks, die die CPU wechselten, alle Gründe (wie perf cpu-migrations zählt)</translation>
    </message>
    <message>
        <source>placements (fork)</source>
        <translation>Platzierungen (Fork)</translation>
    </message>
    <message>
        <source>new tasks placed away from their parent&apos;s CPU (wake_up_new_task; not migrations)</source>
        <translation>neue Tasks, die nicht auf der CPU ihres Elternprozesses starten (wake_up_new_task; keine Migrationen)</translation>
    </message>
    <message>
        <source>forks</source>
        <translation>Forks</translation>
    </message>
    <message>
        <source>tasks created by fork actions</source>
        <translation>durch Fork-Aktionen erzeugte Tasks</translation>
    </message>
    <message>
        <source>fork failures</source>
        <translation>fehlgeschlagene Forks</translation>
    </message>
    <message>
        <source>forks refused at the live-task limit</source>
        <translation>an der Grenze lebender Tasks abgelehnte Forks</translation>
    </message>
    <message>
        <source>yields</source>
        <translation>Yields</translation>
    </message>
    <message>
        <source>sched_yield calls</source>
        <translation>sched_yield-Aufrufe</translation>
    </message>
    <message>
        <source>exits</source>
        <translation>Beendigungen</translation>
    </message>
    <message>
        <source>tasks that exited</source>
        <translation>beendete Tasks</translation>
    </message>
    <message>
        <source>ticks</source>
        <translation>Ticks</translation>
    </message>
    <message>
        <source>scheduler ticks on busy CPUs</source>
        <translation>Scheduler-Ticks auf beschäftigten CPUs</translation>
    </message>
    <message>
        <source>idle CPU scans</source>
        <translation>Suchen nach freien CPUs</translation>
    </message>
    <message>
        <source>CPUs examined by idle-CPU searches</source>
        <translation>von der Suche nach freien CPUs geprüfte CPUs</translation>
    </message>
    <message>
        <source>balance attempts</source>
        <translation>Balancing-Versuche</translation>
    </message>
    <message>
        <source>load_balance() calls past should_we_balance</source>
        <translation>load_balance()-Aufrufe nach should_we_balance</translation>
    </message>
    <message>
        <source>balance: balanced</source>
        <translation>Balancing: ausgeglichen</translation>
    </message>
    <message>
        <source>attempts that found nothing to do</source>
        <translation>Versuche, die nichts zu tun fanden</translation>
    </message>
    <message>
        <source>balance: failed</source>
        <translation>Balancing: erfolglos</translation>
    </message>
    <message>
        <source>attempts that found an imbalance but moved nothing</source>
        <translation>Versuche, die ein Ungleichgewicht fanden, aber nichts verschoben</translation>
    </message>
    <message>
        <source>balance: cache-hot skips</source>
        <translation>Balancing: cache-heiß übersprungen</translation>
    </message>
    <message>
        <source>tasks left in place because cache-hot</source>
        <translation>wegen heißem Cache nicht verschobene Tasks</translation>
    </message>
    <message>
        <source>active balances</source>
        <translation>aktive Balancings</translation>
    </message>
    <message>
        <source>running tasks pushed by the stopper</source>
        <translation>vom Stopper verschobene laufende Tasks</translation>
    </message>
    <message>
        <source>nohz kicks</source>
        <translation>nohz-Anstöße</translation>
    </message>
    <message>
        <source>idle CPUs kicked to balance for the others</source>
        <translation>freie CPUs, angestoßen, um für die anderen auszugleichen</translation>
    </message>
    <message>
        <source>cpu clock reads</source>
        <translation>CPU-Uhr-Lesezugriffe</translation>
    </message>
    <message>
        <source>cpu_clock() reads (PSI and sched_move_task)</source>
        <translation>cpu_clock()-Lesezugriffe (PSI und sched_move_task)</translation>
    </message>
    <message>
        <source>psi group updates</source>
        <translation>PSI-Gruppen-Aktualisierungen</translation>
    </message>
    <message>
        <source>psi_group_change calls</source>
        <translation>psi_group_change-Aufrufe</translation>
    </message>
    <message>
        <source>cpuacct adds</source>
        <translation>cpuacct-Additionen</translation>
    </message>
    <message>
        <source>cpuacct per-level usage and stats adds</source>
        <translation>cpuacct-Additionen für Verbrauch und Statistik je Ebene</translation>
    </message>
    <message>
        <source>percpu counter folds</source>
        <translation>percpu-Zähler-Faltungen</translation>
    </message>
    <message>
        <source>folds into the global count under the counter&apos;s spinlock</source>
        <translation>Faltungen in den globalen Zähler unter dessen Spinlock</translation>
    </message>
    <message>
        <source>sched_move_task calls</source>
        <translation>sched_move_task-Aufrufe</translation>
    </message>
    <message>
        <source>including the ones the autogroup change skips</source>
        <translation>einschließlich derer, die die Autogroup-Änderung überspringt</translation>
    </message>
    <message>
        <source>time in sched_move_task</source>
        <translation>Zeit in sched_move_task</translation>
    </message>
    <message>
        <source>simulated time spent in sched_move_task</source>
        <translation>in sched_move_task verbrachte simulierte Zeit</translation>
    </message>
    <message>
        <source>lock wait</source>
        <translation>Warten auf Sperren</translation>
    </message>
    <message>
        <source>time spent spinning on a held lock</source>
        <translation>mit Warten auf eine gehaltene Sperre verbrachte Zeit</translation>
    </message>
    <message>
        <source>overhead: %1</source>
        <translation>Overhead: %1</translation>
    </message>
    <message>
        <source>RT throttles</source>
        <translation>RT-Drosselungen</translation>
    </message>
    <message>
        <source>times a CPU&apos;s RT tasks used up 950 ms of a 1 s period (v4.11, v6.6)</source>
        <translation>wie oft die RT-Tasks einer CPU 950 ms einer 1-s-Periode aufgebraucht haben (v4.11, v6.6)</translation>
    </message>
    <message>
        <source>fair server runs</source>
        <translation>Fair-Server-Einsätze</translation>
    </message>
    <message>
        <source>times the fair deadline server ran fair tasks starved by RT (v6.12)</source>
        <translation>wie oft der Fair-Deadline-Server von RT ausgehungerte Fair-Tasks laufen ließ (v6.12)</translation>
    </message>
    <message>
        <source>%1
per second: %2</source>
        <translation>%1
pro Sekunde: %2</translation>
    </message>
    <message>
        <source>%1
per second: %2; CPU share: %3</source>
        <translation>%1
pro Sekunde: %2; CPU-Anteil: %3</translation>
    </message>
    <message>
        <source>At cursor</source>
        <translation>Am Cursor</translation>
    </message>
</context>
<context>
    <name>ui::CountersPanel</name>
    <message>
        <source>Counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>&lt;b&gt;At the time cursor&lt;/b&gt;, %1 (the run is at %2; Esc clears the cursor)</source>
        <translation>&lt;b&gt;Am Zeitcursor&lt;/b&gt;, %1 (der Lauf ist bei %2; Esc entfernt den Cursor)</translation>
    </message>
    <message>
        <source>Totals up to %1</source>
        <translation>Summen bis %1</translation>
    </message>
</context>
<context>
    <name>ui::CpuMaxDialog</name>
    <message>
        <source>No limit (&quot;max&quot;)</source>
        <translation>Keine Grenze („max“)</translation>
    </message>
    <message>
        <source>cpu.max of %1</source>
        <translation>cpu.max von %1</translation>
    </message>
    <message>
        <source>CPU time the cgroup may use per period, over all CPUs (more than the period means more than one CPU)</source>
        <translation>CPU-Zeit, die die Cgroup pro Periode über alle CPUs nutzen darf (mehr als die Periode heißt mehr als eine CPU)</translation>
    </message>
    <message>
        <source>Unused quota that may carry over to later periods (cpu.max.burst)</source>
        <translation>Ungenutztes Kontingent, das in spätere Perioden übertragen werden darf (cpu.max.burst)</translation>
    </message>
    <message>
        <source>cpu.max.burst came with Linux 5.14; this kernel model has none</source>
        <translation>cpu.max.burst kam mit Linux 5.14; dieses Kernelmodell hat es nicht</translation>
    </message>
    <message>
        <source>Quota:</source>
        <translation>Kontingent:</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>Periode:</translation>
    </message>
    <message>
        <source>Burst:</source>
        <translation>Burst:</translation>
    </message>
</context>
<context>
    <name>ui::DepthChart</name>
    <message>
        <source>PSI cost versus cgroup depth (perfpipe, psi_direct_iteration)</source>
        <translation>PSI-Kosten über der Cgroup-Tiefe (perfpipe, psi_direct_iteration)</translation>
    </message>
    <message>
        <source>cached parent pointer (change off)</source>
        <translation>gespeicherter Eltern-Zeiger (Änderung aus)</translation>
    </message>
    <message>
        <source>direct cgroup walk (change on)</source>
        <translation>direkter Cgroup-Durchlauf (Änderung an)</translation>
    </message>
    <message>
        <source>PSI off</source>
        <translation>PSI aus</translation>
    </message>
    <message>
        <source>cgroup levels below the root</source>
        <translation>Cgroup-Ebenen unter der Wurzel</translation>
    </message>
    <message>
        <source>round trips per simulated second</source>
        <translation>Umläufe pro simulierter Sekunde</translation>
    </message>
    <message>
        <source>PSI cost versus cgroup depth (perfpipe round trips per simulated second)</source>
        <translation>PSI-Kosten über der Cgroup-Tiefe (perfpipe-Umläufe pro simulierter Sekunde)</translation>
    </message>
    <message>
        <source>change off</source>
        <translation>Änderung aus</translation>
    </message>
    <message>
        <source>change on</source>
        <translation>Änderung an</translation>
    </message>
    <message>
        <source>round trips/s</source>
        <translation>Umläufe/s</translation>
    </message>
</context>
<context>
    <name>ui::DepthPage</name>
    <message>
        <source>Run sweep again</source>
        <translation>Messreihe erneut ausführen</translation>
    </message>
    <message>
        <source>perfpipe, %1 round trips per point, at %2 depths; each point runs three engines.</source>
        <translation>perfpipe, %1 Umläufe pro Punkt, bei %2 Tiefen; jeder Punkt führt drei Engines aus.</translation>
    </message>
    <message>
        <source>The direct walk gains while the hierarchy stays in cache and loses beyond; PSI off is the ceiling.</source>
        <translation>Der direkte Durchlauf gewinnt, solange die Hierarchie im Cache bleibt, und verliert darüber hinaus; PSI aus ist die Obergrenze.</translation>
    </message>
    <message>
        <source>Running the sweep...</source>
        <translation>Messreihe läuft...</translation>
    </message>
</context>
<context>
    <name>ui::DetailPanel</name>
    <message>
        <source>Click a slice in the occupancy timeline, or a migration in the Migrations table, to see its details here.</source>
        <translation>Einen Abschnitt in der Belegungszeitleiste oder eine Migration in der Migrationstabelle anklicken, um hier die Details zu sehen.</translation>
    </message>
    <message>
        <source>the idle task or the stopper</source>
        <translation>dem Idle-Task oder dem Stopper</translation>
    </message>
    <message>
        <source>task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>Kernel overhead</source>
        <translation>Kernel-Overhead</translation>
    </message>
    <message>
        <source>on behalf of no task (balancing, idle entry)</source>
        <translation>für keinen Task (Lastausgleich, Eintritt in Idle)</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>Cgroup</source>
        <translation>Cgroup</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>End</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>still running at %1</source>
        <translation>läuft noch bei %1</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>Wechsel</translation>
    </message>
    <message>
        <source>not held for this time (older history is kept at reduced resolution)</source>
        <translation>für diese Zeit nicht gespeichert (älterer Verlauf wird mit geringerer Auflösung behalten)</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>Gewartet</translation>
    </message>
    <message>
        <source>%1 runnable before it ran (since %2; perf sched timehist: sch delay)</source>
        <translation>%1 lauffähig, bevor er lief (seit %2; perf sched timehist: sch delay)</translation>
    </message>
    <message>
        <source>Switched in</source>
        <translation>Eingewechselt</translation>
    </message>
    <message>
        <source>replacing %1</source>
        <translation>anstelle von %1</translation>
    </message>
    <message>
        <source>preempted by %1 (still runnable)</source>
        <translation>verdrängt von %1 (weiter lauffähig)</translation>
    </message>
    <message>
        <source>exited; %1 ran next</source>
        <translation>beendet; danach lief %1</translation>
    </message>
    <message>
        <source>a timer</source>
        <translation>einen Timer</translation>
    </message>
    <message>
        <source>a message on channel %1</source>
        <translation>eine Nachricht auf Kanal %1</translation>
    </message>
    <message>
        <source>room on channel %1 (it was full)</source>
        <translation>Platz auf Kanal %1 (er war voll)</translation>
    </message>
    <message>
        <source>its children</source>
        <translation>seine Kinder</translation>
    </message>
    <message>
        <source>an unrecorded reason</source>
        <translation>einen nicht aufgezeichneten Grund</translation>
    </message>
    <message>
        <source>blocked (%1) waiting for %2; %3 ran next</source>
        <translation>blockiert (%1), wartet auf %2; danach lief %3</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Geendet</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>Danach</translation>
    </message>
    <message>
        <source>migrated %1 → %2 at %3 (%4)</source>
        <translation>migriert %1 → %2 bei %3 (%4)</translation>
    </message>
    <message>
        <source>Next ran</source>
        <translation>Lief wieder</translation>
    </message>
    <message>
        <source>%1 later, at %2</source>
        <translation>%1 später, bei %2</translation>
    </message>
    <message>
        <source>%1 was idle at %2.</source>
        <translation>%1 war bei %2 untätig.</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Migration&lt;/b&gt; of %1: %2 → %3 at %4 (%5)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Migration&lt;/b&gt; von %1: %2 → %3 bei %4 (%5)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Before&lt;/b&gt;, on the source CPU:&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Vorher&lt;/b&gt;, auf der Quell-CPU:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;not held in the history&lt;/p&gt;</source>
        <translation>&lt;p&gt;nicht im Verlauf gespeichert&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;After&lt;/b&gt;, on the target CPU:&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Nachher&lt;/b&gt;, auf der Ziel-CPU:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;not run there yet&lt;/p&gt;</source>
        <translation>&lt;p&gt;dort noch nicht gelaufen&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>RT, %1 priority %2 (runs before every fair task)</source>
        <translation>RT, %1 Priorität %2 (läuft vor jedem Fair-Task)</translation>
    </message>
    <message>
        <source>fair, %1</source>
        <translation>fair, %1</translation>
    </message>
    <message>
        <source>The thread states of %1 are not built yet.</source>
        <translation>Die Thread-Zustände von %1 sind noch nicht berechnet.</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> auf %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 was &lt;b&gt;%2&lt;/b&gt;%3 from %4 to %5 (%6).&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 war &lt;b&gt;%2&lt;/b&gt;%3 von %4 bis %5 (%6).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Why did it wait?&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Warum wartete er?&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ui::Documents</name>
    <message>
        <source>Open trace</source>
        <translation>Trace öffnen</translation>
    </message>
    <message>
        <source>Open sweep results: the sweep.json of a results folder</source>
        <translation>Sweep-Ergebnisse öffnen: die sweep.json eines Ergebnisordners</translation>
    </message>
    <message>
        <source>Sweep results (sweep.json);;All files (*)</source>
        <translation>Sweep-Ergebnisse (sweep.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Trace of a real run of this scenario</source>
        <translation>Trace eines echten Laufs dieses Szenarios</translation>
    </message>
    <message>
        <source>Another recording to compare this one with</source>
        <translation>Eine andere Aufzeichnung zum Vergleich</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <source>The session cannot be saved: %1</source>
        <translation>Die Sitzung kann nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Save session as scenario</source>
        <translation>Sitzung als Szenario speichern</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Szenarien (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>Saved the session with %n live action(s) to %1</source>
        <translation>
            <numerusform>Die Sitzung mit %n Live-Aktion in %1 gespeichert</numerusform>
            <numerusform>Die Sitzung mit %n Live-Aktionen in %1 gespeichert</numerusform>
        </translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>Trace exportieren</translation>
    </message>
    <message>
        <source>The trace cannot be written: %1</source>
        <translation>Der Trace kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Perfetto trace (*.pftrace)</source>
        <translation>Perfetto-Trace (*.pftrace)</translation>
    </message>
    <message>
        <source>Trace event JSON (*.json)</source>
        <translation>Trace-Event-JSON (*.json)</translation>
    </message>
    <message>
        <source>Export trace for Perfetto</source>
        <translation>Trace für Perfetto exportieren</translation>
    </message>
    <message>
        <source>Wrote %1; open it in ui.perfetto.dev</source>
        <translation>%1 geschrieben; in ui.perfetto.dev öffnen</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>Szenario kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 was not opened; the current session goes on.</source>
        <translation>%1 wurde nicht geöffnet; die aktuelle Sitzung läuft weiter.</translation>
    </message>
    <message>
        <source>Opened the rt-app workload %1 as a scenario (%2 warnings). Space runs it.</source>
        <translation>rt-app-Last %1 als Szenario geöffnet (%2 Warnungen). Leertaste startet sie.</translation>
    </message>
    <message>
        <source>rt-app workload</source>
        <translation>rt-app-Last</translation>
    </message>
    <message>
        <source>Some of %1 could not be represented exactly:</source>
        <translation>Einiges aus %1 ließ sich nicht genau abbilden:</translation>
    </message>
    <message>
        <source>%1 - SchedScope</source>
        <translation>%1 - SchedScope</translation>
    </message>
    <message>
        <source>Opened %1. Space runs it.</source>
        <translation>%1 geöffnet. Die Leertaste startet es.</translation>
    </message>
    <message>
        <source>Opening the trace was cancelled; the current session goes on.</source>
        <translation>Das Öffnen des Traces wurde abgebrochen; die aktuelle Sitzung läuft weiter.</translation>
    </message>
    <message>
        <source>Cannot open trace</source>
        <translation>Trace kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The trace was not opened; the current session goes on.</source>
        <translation>Der Trace wurde nicht geöffnet; die aktuelle Sitzung läuft weiter.</translation>
    </message>
    <message>
        <source>Another trace is being read.</source>
        <translation>Es wird bereits ein anderer Trace gelesen.</translation>
    </message>
    <message>
        <source>%1 (real trace) - SchedScope</source>
        <translation>%1 (echter Trace) - SchedScope</translation>
    </message>
    <message>
        <source>Trace warnings</source>
        <translation>Trace-Warnungen</translation>
    </message>
    <message>
        <source>%1 has gaps or oddities the views cannot show by themselves:</source>
        <translation>%1 hat Lücken oder Auffälligkeiten, die die Ansichten nicht von selbst zeigen können:</translation>
    </message>
    <message>
        <source>Compare with a real run</source>
        <translation>Mit echtem Lauf vergleichen</translation>
    </message>
    <message>
        <source>Cannot simulate the recording</source>
        <translation>Aufzeichnung kann nicht simuliert werden</translation>
    </message>
    <message>
        <source>Its workload could not be written as a scenario; the current session goes on.</source>
        <translation>Ihre Last ließ sich nicht als Szenario schreiben; die laufende Sitzung geht weiter.</translation>
    </message>
    <message>
        <source>Compare two recordings</source>
        <translation>Zwei Aufzeichnungen vergleichen</translation>
    </message>
    <message>
        <source>Cannot open sweep results</source>
        <translation>Sweep-Ergebnisse können nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The comparison was not opened; the current session goes on.</source>
        <translation>Der Vergleich wurde nicht geöffnet; die aktuelle Sitzung läuft weiter.</translation>
    </message>
    <message>
        <source>Scheduler traces (%1);;All files (*)</source>
        <translation>Scheduler-Traces (%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Everything SchedScope opens (*.json %1)</source>
        <translation>Alles, was SchedScope öffnet (*.json %1)</translation>
    </message>
    <message>
        <source>Scenarios and rt-app workloads (*.json)</source>
        <translation>Szenarien und rt-app-Lasten (*.json)</translation>
    </message>
    <message>
        <source>Recordings (%1)</source>
        <translation>Aufzeichnungen (%1)</translation>
    </message>
    <message>
        <source>Sweep results (sweep.json)</source>
        <translation>Sweep-Ergebnisse (sweep.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a scenario, a recording or sweep results</source>
        <translation>Szenario, Aufzeichnung oder Sweep-Ergebnisse öffnen</translation>
    </message>
    <message>
        <source>Cannot open the folder</source>
        <translation>Ordner kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Opened the trace %1 (%2): %3 scheduler events, %4 lost, %5 warnings; time 0 is %6 in the trace.</source>
        <translation>Trace %1 (%2) geöffnet: %3 Scheduler-Ereignisse, %4 verloren, %5 Warnungen; Zeit 0 ist %6 im Trace.</translation>
    </message>
    <message>
        <source>Opened %1 and ran it to its end.</source>
        <translation>%1 geöffnet und bis zum Ende ausgeführt.</translation>
    </message>
    <message>
        <source>%1: expected a sweep&apos;s results folder (with a sweep.json) or a record folder (with a record.json); found neither.</source>
        <translation>%1: erwartet wurde ein Sweep-Ergebnisordner (mit sweep.json) oder ein Aufnahmeordner (mit record.json); keiner davon gefunden.</translation>
    </message>
</context>
<context>
    <name>ui::ExportAllDialog</name>
    <message>
        <source>Export all charts</source>
        <translation>Alle Diagramme exportieren</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>&amp;Durchsuchen...</translation>
    </message>
    <message>
        <source>Export into</source>
        <translation>Exportieren nach</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Ordner:</translation>
    </message>
    <message>
        <source>Formats:</source>
        <translation>Formate:</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>&amp;Größe:</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>&amp;Auflösung:</translation>
    </message>
    <message>
        <source>One file per view and format: charts as images, tables and timelines as CSV. Files of the same name are replaced.</source>
        <translation>Eine Datei je Ansicht und Format: Diagramme als Bilder, Tabellen und Zeitleisten als CSV. Gleichnamige Dateien werden ersetzt.</translation>
    </message>
</context>
<context>
    <name>ui::ExportDialog</name>
    <message>
        <source>Draw the title above the chart</source>
        <translation>Titel über dem Diagramm zeichnen</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG-Bild</translation>
    </message>
    <message>
        <source>SVG vector image</source>
        <translation>SVG-Vektorgrafik</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF-Dokument</translation>
    </message>
    <message>
        <source>CSV data</source>
        <translation>CSV-Daten</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>PNG: pixels are the size times dpi/96. SVG and PDF record it.</source>
        <translation>PNG: Pixel sind die Größe mal dpi/96. SVG und PDF speichern den Wert.</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>&amp;Durchsuchen...</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>&amp;Größe:</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>&amp;Auflösung:</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>Dat&amp;ei:</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>Exportieren nach</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1-Dateien (*.%2)</translation>
    </message>
</context>
<context>
    <name>ui::ExportRegistry</name>
    <message>
        <source>Export as &amp;PNG...</source>
        <translation>Als &amp;PNG exportieren...</translation>
    </message>
    <message>
        <source>Export as &amp;SVG...</source>
        <translation>Als &amp;SVG exportieren...</translation>
    </message>
    <message>
        <source>Export as P&amp;DF...</source>
        <translation>Als P&amp;DF exportieren...</translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation>Bild &amp;kopieren</translation>
    </message>
    <message>
        <source>Export data as &amp;CSV...</source>
        <translation>Daten als &amp;CSV exportieren...</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard</source>
        <translation>%1 in die Zwischenablage kopiert</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>Der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Export all charts</source>
        <translation>Alle Diagramme exportieren</translation>
    </message>
    <message>
        <source>No format was chosen; nothing was written.</source>
        <translation>Kein Format gewählt; nichts wurde geschrieben.</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be written; %1 were.</source>
        <translation>
            <numerusform>%n Datei konnte nicht geschrieben werden; %1 wurden es.</numerusform>
            <numerusform>%n Dateien konnten nicht geschrieben werden; %1 wurden es.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n file(s) to %1</source>
        <translation>
            <numerusform>%n Datei nach %1 geschrieben</numerusform>
            <numerusform>%n Dateien nach %1 geschrieben</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting for the views to finish computing...</source>
        <translation>Warten, bis die Ansichten fertig berechnet sind …</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
</context>
<context>
    <name>ui::Help</name>
    <message>
        <source>Scenario format - SchedScope</source>
        <translation>Szenarioformat - SchedScope</translation>
    </message>
    <message>
        <source>The scenario format reference is missing.</source>
        <translation>Die Referenz des Szenarioformats fehlt.</translation>
    </message>
    <message>
        <source>About SchedScope</source>
        <translation>Über SchedScope</translation>
    </message>
    <message>
        <source>SchedScope Guide</source>
        <translation>SchedScope-Anleitung</translation>
    </message>
    <message>
        <source>:/docs/guide.md</source>
        <translation>:/docs/guide.de.md</translation>
    </message>
    <message>
        <source>The guide is missing.</source>
        <translation>Die Anleitung fehlt.</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Left, Right</source>
        <translation>Links, Rechts</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Page Up, Page Down</source>
        <translation>Bild auf, Bild ab</translation>
    </message>
    <message>
        <source>Scroll the CPU lanes</source>
        <translation>Die CPU-Spuren rollen</translation>
    </message>
    <message>
        <source>Ctrl+Wheel</source>
        <translation>Strg+Mausrad</translation>
    </message>
    <message>
        <source>Zoom about the mouse</source>
        <translation>Um den Mauszeiger zoomen</translation>
    </message>
    <message>
        <source>Shift+Wheel</source>
        <translation>Umschalt+Mausrad</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>Mausrad</translation>
    </message>
    <message>
        <source>Scroll the CPU lanes, or zoom when they all fit</source>
        <translation>Die CPU-Spuren rollen, oder zoomen, wenn alle hineinpassen</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>Klick</translation>
    </message>
    <message>
        <source>Set the time cursor, pick the slice under it</source>
        <translation>Zeitcursor setzen, den Abschnitt darunter wählen</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>Ziehen</translation>
    </message>
    <message>
        <source>Click a core&apos;s label</source>
        <translation>Klick auf die Beschriftung eines Kerns</translation>
    </message>
    <message>
        <source>Collapse or expand it</source>
        <translation>Ihn zu- oder aufklappen</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts - SchedScope</source>
        <translation>Tastenkürzel - SchedScope</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shift+Click</source>
        <translation>Umschalt+Klick</translation>
    </message>
    <message>
        <source>Set marker B: the time from the cursor (A) to B is shown</source>
        <translation>Markierung B setzen: die Zeit vom Cursor (A) bis B wird angezeigt</translation>
    </message>
    <message>
        <source>&lt;h3&gt;SchedScope %1&lt;/h3&gt;&lt;p&gt;Simulates the Linux CPU scheduler on three kernel models: v4.11 (CFS) and v6.6 and v6.12 (EEVDF, v6.12 with delayed dequeue and the fair deadline server; v6.12 is the default), each with cgroups and bandwidth control, the RT class, wakeup placement, SMT-aware load balancing, PSI and cpuacct, and a kernel overhead cost model. It opens real recordings (perf, ftrace, trace-cmd) and checks itself against this machine&apos;s kernel.&lt;/p&gt;&lt;p&gt;The five kernel changes it can switch live, from their mailing-list threads:&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;Built with Qt %3. F1 opens the guide.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;SchedScope %1&lt;/h3&gt;&lt;p&gt;Simuliert den CPU-Scheduler von Linux in drei Kernelmodellen: v4.11 (CFS) sowie v6.6 und v6.12 (EEVDF, v6.12 mit verzögertem Dequeue und dem Fair-Deadline-Server; v6.12 ist die Voreinstellung), jeweils mit Cgroups und Bandbreitensteuerung, der RT-Klasse, Wakeup-Platzierung, SMT-bewusstem Lastausgleich, PSI und cpuacct sowie einem Kostenmodell für den Kernel-Overhead. Es öffnet echte Aufzeichnungen (perf, ftrace, trace-cmd) und prüft sich am Kernel dieses Rechners.&lt;/p&gt;&lt;p&gt;Die fünf Kerneländerungen, die es im laufenden Betrieb schalten kann, aus ihren Mailinglisten-Threads:&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;Erstellt mit Qt %3. F1 öffnet die Anleitung.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ui::KernelText</name>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>running</source>
        <translation>laufend</translation>
    </message>
    <message>
        <source>runnable</source>
        <translation>lauffähig</translation>
    </message>
    <message>
        <source>sleeping</source>
        <translation>schlafend</translation>
    </message>
    <message>
        <source>iowait</source>
        <translation>wartet auf E/A</translation>
    </message>
    <message>
        <source>memstall</source>
        <translation>Speicherengpass</translation>
    </message>
    <message>
        <source>dead</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>wakeup</source>
        <translation>Aufwecken</translation>
    </message>
    <message>
        <source>periodic</source>
        <translation>periodisch</translation>
    </message>
    <message>
        <source>newidle</source>
        <translation>newidle</translation>
    </message>
    <message>
        <source>nohz</source>
        <translation>nohz</translation>
    </message>
    <message>
        <source>active</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>affinity</source>
        <translation>Affinität</translation>
    </message>
    <message>
        <source>move</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Read the CPU clock once per task change or switch and stamp every PSI group level with it, instead of one clock read per cgroup level visited.</source>
        <translation>Die CPU-Uhr einmal pro Taskwechsel lesen und jede PSI-Gruppenebene damit stempeln, statt die Uhr auf jeder besuchten Cgroup-Ebene zu lesen.</translation>
    </message>
    <message>
        <source>Walk PSI groups through the cgroups&apos; own parent links instead of a cached parent pointer: fewer instructions per level, but more cache misses in deep hierarchies.</source>
        <translation>PSI-Gruppen über die Elternverweise der Cgroups durchlaufen statt über einen zwischengespeicherten Elternzeiger: weniger Befehle pro Ebene, aber mehr Cache-Fehlzugriffe in tiefen Hierarchien.</translation>
    </message>
    <message>
        <source>sched_move_task returns early when the task&apos;s effective group does not change, skipping the dequeue/enqueue on every exit of a task in a non-root cgroup.</source>
        <translation>sched_move_task kehrt früh zurück, wenn sich die wirksame Gruppe des Tasks nicht ändert, und spart so Dequeue/Enqueue bei jedem Ende eines Tasks in einer Nicht-Wurzel-Cgroup.</translation>
    </message>
    <message>
        <source>Scale the cpuacct stats counter batch by one jiffy of cputime, so adds stay per-CPU instead of taking the counter&apos;s global spinlock on every context switch.</source>
        <translation>Den Batch des cpuacct-Statistikzählers auf einen Jiffy CPU-Zeit skalieren, damit Additionen pro CPU bleiben, statt bei jedem Kontextwechsel den globalen Spinlock des Zählers zu nehmen.</translation>
    </message>
    <message>
        <source>The load balancer force-pulls from a busier sibling group only when it runs more than one task more than the local group, ending task ping-pong between cores.</source>
        <translation>Der Lastausgleich zieht nur dann erzwungen aus einer ausgelasteteren Geschwistergruppe, wenn diese mehr als einen Task mehr als die lokale Gruppe ausführt; das beendet das Hin und Her von Tasks zwischen Kernen.</translation>
    </message>
    <message>
        <source>running on cpu%1</source>
        <translation>läuft auf cpu%1</translation>
    </message>
    <message>
        <source>no event (the run has not started)</source>
        <translation>kein Ereignis (der Lauf hat nicht begonnen)</translation>
    </message>
    <message>
        <source>cpu%1 continues its task&apos;s program</source>
        <translation>cpu%1 setzt das Programm seines Tasks fort</translation>
    </message>
    <message>
        <source>scheduler tick on cpu%1</source>
        <translation>Scheduler-Tick auf cpu%1</translation>
    </message>
    <message>
        <source>timer of %1 expired (sleep, I/O or stall ends)</source>
        <translation>Timer von %1 abgelaufen (Schlaf, E/A oder Blockade endet)</translation>
    </message>
    <message>
        <source>%1 starts</source>
        <translation>%1 startet</translation>
    </message>
    <message>
        <source>timeline entry %1 applied</source>
        <translation>Zeitplan-Eintrag %1 angewendet</translation>
    </message>
    <message>
        <source>PSI averaging work of group %1</source>
        <translation>PSI-Mittelwertberechnung der Gruppe %1</translation>
    </message>
    <message>
        <source>Executed at %1: %2</source>
        <translation>Ausgeführt bei %1: %2</translation>
    </message>
    <message>
        <source>CFS (vruntime, sched_latency slices, tick preemption) and the v4.11 load balancer</source>
        <translation>CFS (vruntime, sched_latency-Zeitscheiben, Verdrängung im Tick) und der Lastausgleich von v4.11</translation>
    </message>
    <message>
        <source>merged in v5.13: always on in this model</source>
        <translation>in v5.13 aufgenommen: in diesem Modell immer an</translation>
    </message>
    <message>
        <source>v6.12 reads the clock inside every group&apos;s update again (the fix for bogus pressure spikes): always off in this model</source>
        <translation>v6.12 liest die Uhr wieder in jeder Gruppenaktualisierung (die Korrektur falscher Druckspitzen): in diesem Modell immer aus</translation>
    </message>
    <message>
        <source>cpuacct statistics are per-CPU without a shared counter since v3.x: no global lock to batch, always on in this model</source>
        <translation>cpuacct-Statistiken sind seit v3.x pro CPU ohne gemeinsamen Zähler: keine globale Sperre zu bündeln, in diesem Modell immer an</translation>
    </message>
    <message>
        <source>part of the load balancer since v4.14: always on in this model</source>
        <translation>seit v4.14 Teil des Lastausgleichs: in diesem Modell immer an</translation>
    </message>
    <message>
        <source>cpu.max period of %1: quota refilled</source>
        <translation>cpu.max-Periode von %1: Kontingent aufgefüllt</translation>
    </message>
    <message>
        <source>cpu.max slack timer of %1: returned runtime handed out</source>
        <translation>cpu.max-Slack-Timer von %1: zurückgegebene Laufzeit verteilt</translation>
    </message>
    <message>
        <source>The period must be 1 to 1000 ms; the kernel refuses %1 ms.</source>
        <translation>Die Periode muss 1 bis 1000 ms betragen; der Kernel lehnt %1 ms ab.</translation>
    </message>
    <message>
        <source>The quota must be at least 1 ms; the kernel refuses %1 ms.</source>
        <translation>Das Kontingent muss mindestens 1 ms betragen; der Kernel lehnt %1 ms ab.</translation>
    </message>
    <message>
        <source>The burst (%1 ms) must not be larger than the quota (%2 ms).</source>
        <translation>Der Burst (%1 ms) darf nicht größer als das Kontingent (%2 ms) sein.</translation>
    </message>
    <message>
        <source>The burst must not be negative.</source>
        <translation>Der Burst darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>RT period timer: RT run time paid back, throttled CPUs released</source>
        <translation>RT-Periodentimer: RT-Laufzeit zurückgezahlt, gedrosselte CPUs freigegeben</translation>
    </message>
    <message>
        <source>fair deadline server timer of cpu%1</source>
        <translation>Timer des Fair-Deadline-Servers von cpu%1</translation>
    </message>
    <message>
        <source>rt_push</source>
        <translation>RT-Push</translation>
    </message>
    <message>
        <source>rt_pull</source>
        <translation>RT-Pull</translation>
    </message>
    <message>
        <source>EEVDF fair class as merged in v6.6, the v5.5+ load balancer with 6.6&apos;s SMT balance, RT throttling</source>
        <translation>EEVDF-Fair-Klasse wie in v6.6 eingeführt, der Lastverteiler ab v5.5 mit dem SMT-Ausgleich von 6.6, RT-Drosselung</translation>
    </message>
    <message>
        <source>EEVDF with DELAY_DEQUEUE, PREEMPT_SHORT and per-task slices, the v6.6 load balancer, the fair deadline server</source>
        <translation>EEVDF mit DELAY_DEQUEUE, PREEMPT_SHORT und Zeitscheiben pro Task, der Lastverteiler von v6.6, der Fair-Deadline-Server</translation>
    </message>
    <message>
        <source>cpu%1 has done the kernel work of a wakeup and switches</source>
        <translation>cpu%1 hat die Kernelarbeit eines Aufweckens erledigt und wechselt den Task</translation>
    </message>
    <message>
        <source>EEVDF as in v6.18: slice protection up to the shortest queued slice, PICK_BUDDY, a 0.70 ms base slice, a fair server that stops lazily</source>
        <translation>EEVDF wie in v6.18: Slice-Schutz bis zum kürzesten wartenden Slice, PICK_BUDDY, 0,70 ms Basis-Slice, ein Fair-Server, der erst spät stoppt</translation>
    </message>
    <message>
        <source>v6.17 reads the clock once per task change again, for every group, under one per-CPU sequence count: always on in this model</source>
        <translation>v6.17 liest die Uhr wieder einmal pro Taskwechsel, für jede Gruppe, unter einem Sequenzzähler pro CPU: in diesem Modell immer an</translation>
    </message>
    <message>
        <source>merged in v6.4, reverted in v6.14: always off in this model</source>
        <translation>in v6.4 aufgenommen, in v6.14 zurückgenommen: in diesem Modell immer aus</translation>
    </message>
</context>
<context>
    <name>ui::Language</name>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
</context>
<context>
    <name>ui::LatencyHistogramPlot</name>
    <message>
        <source>waits</source>
        <translation>Wartezeiten</translation>
    </message>
    <message>
        <source>no waits in this range</source>
        <translation>keine Wartezeiten in diesem Bereich</translation>
    </message>
    <message>
        <source>Wait for a CPU: %1 (%2)</source>
        <translation>Warten auf eine CPU: %1 (%2)</translation>
    </message>
    <message>
        <source>wait for a CPU (a bar: from its value to twice it)</source>
        <translation>Warten auf eine CPU (Balken: Wert bis Doppeltes)</translation>
    </message>
    <message numerus="yes">
        <source>%n wait(s)</source>
        <translation>
            <numerusform>%n Wartezeit</numerusform>
            <numerusform>%n Wartezeiten</numerusform>
        </translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
</context>
<context>
    <name>ui::LatencyPage</name>
    <message>
        <source>per task</source>
        <translation>pro Task</translation>
    </message>
    <message>
        <source>per cgroup</source>
        <translation>pro Cgroup</translation>
    </message>
    <message>
        <source>after wakeups only</source>
        <translation>nur nach Aufwecken</translation>
    </message>
    <message>
        <source>view range</source>
        <translation>Ansichtsbereich</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>gesamter Lauf</translation>
    </message>
    <message>
        <source>Waits for a CPU</source>
        <translation>Warten auf eine CPU</translation>
    </message>
    <message>
        <source>Wait for a CPU</source>
        <translation>Warten auf eine CPU</translation>
    </message>
    <message>
        <source>From the trace&apos;s sched_switch records: each wait runs from sched_waking (or the preemption) to the switch in, as perf sched latency counts them.</source>
        <translation>Aus den sched_switch-Einträgen des Traces: Jede Wartezeit reicht von sched_waking (oder der Verdrängung) bis zum Einwechseln, so wie perf sched latency sie zählt.</translation>
    </message>
    <message>
        <source>From the simulation&apos;s switch records: each wait runs from the wakeup (or the preemption) to the switch in.</source>
        <translation>Aus den Wechseleinträgen der Simulation: Jede Wartezeit reicht vom Aufwecken (oder der Verdrängung) bis zum Einwechseln.</translation>
    </message>
    <message>
        <source>Older switch records were compacted away; the figures start at %1.</source>
        <translation>Ältere Wechseleinträge wurden verdichtet; die Zahlen beginnen bei %1.</translation>
    </message>
    <message>
        <source>all tasks</source>
        <translation>alle Tasks</translation>
    </message>
    <message>
        <source>Double-click a row to go to its longest wait</source>
        <translation>Doppelklick auf eine Zeile springt zu ihrer längsten Wartezeit</translation>
    </message>
    <message>
        <source>every wait</source>
        <translation>jede Wartezeit</translation>
    </message>
    <message>
        <source>Every wait, as perf sched latency counts them: from the wakeup or the preemption to the switch in</source>
        <translation>Jede Wartezeit, wie perf sched latency sie zählt: vom Aufwecken oder der Verdrängung bis zum Einwechseln</translation>
    </message>
    <message>
        <source>Only the waits after a sleep, from the wakeup to the switch in (a preempted task&apos;s are left out)</source>
        <translation>Nur die Wartezeiten nach einem Schlaf, vom Aufwecken bis zum Einwechseln (die eines verdrängten Tasks nicht)</translation>
    </message>
</context>
<context>
    <name>ui::LatencyTableModel</name>
    <message>
        <source>Cgroup</source>
        <translation>Cgroup</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Pid</source>
        <translation>Pid</translation>
    </message>
    <message>
        <source>Waits</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>When the longest wait began; double-click the row to go there</source>
        <translation>Wann die längste Wartezeit begann; Doppelklick auf die Zeile springt dorthin</translation>
    </message>
    <message>
        <source>Double-click: go to the longest wait, its wakeup chain listed</source>
        <translation>Doppelklick: zur längsten Wartezeit springen, ihre Aufweckkette wird aufgelistet</translation>
    </message>
    <message>
        <source>Max at</source>
        <translation>Max. bei</translation>
    </message>
</context>
<context>
    <name>ui::MainWindow</name>
    <message>
        <source>SchedScope</source>
        <translation>SchedScope</translation>
    </message>
    <message>
        <source>&amp;Topology</source>
        <translation>&amp;Topologie</translation>
    </message>
    <message>
        <source>&amp;Pressure</source>
        <translation>&amp;Druck</translation>
    </message>
    <message>
        <source>&amp;Migrations</source>
        <translation>&amp;Migrationen</translation>
    </message>
    <message>
        <source>&amp;Depth</source>
        <translation>T&amp;iefe</translation>
    </message>
    <message>
        <source>Not done: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Start</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Cgroups</source>
        <translation>Cgroups</translation>
    </message>
    <message>
        <source>Optimizations</source>
        <translation>Optimierungen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>Ö&amp;ffnen...</translation>
    </message>
    <message>
        <source>Open &amp;Built-in...</source>
        <translation>&amp;Eingebautes öffnen...</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save Session as Scenario...</source>
        <translation>Sitzung als Szenario &amp;speichern...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>&amp;Export Chart...</source>
        <translation>Diagramm &amp;exportieren...</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;All Charts...</source>
        <translation>&amp;Alle Diagramme exportieren...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export &amp;Table as CSV</source>
        <translation>&amp;Tabelle als CSV exportieren</translation>
    </message>
    <message>
        <source>Export T&amp;race for Perfetto...</source>
        <translation>T&amp;race für Perfetto exportieren...</translation>
    </message>
    <message>
        <source>&amp;Compare A/B...</source>
        <translation>A/B-&amp;Vergleich...</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>&amp;Simulation</translation>
    </message>
    <message>
        <source>Step one &amp;event</source>
        <translation>Ein &amp;Ereignis weiter</translation>
    </message>
    <message>
        <source>Step one &amp;tick</source>
        <translation>Einen &amp;Tick weiter</translation>
    </message>
    <message>
        <source>Step &amp;10 ms</source>
        <translation>&amp;10 ms weiter</translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <source>Run &amp;to...</source>
        <translation>Laufen &amp;bis...</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>R&amp;eset</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Follow the present</source>
        <translation>Der &amp;Gegenwart folgen</translation>
    </message>
    <message>
        <source>&amp;Clear time cursor</source>
        <translation>Zeit&amp;cursor entfernen</translation>
    </message>
    <message>
        <source>Clear &amp;selection</source>
        <translation>Au&amp;swahl aufheben</translation>
    </message>
    <message>
        <source>History &amp;memory cap...</source>
        <translation>&amp;Speichergrenze des Verlaufs...</translation>
    </message>
    <message>
        <source>History memory cap</source>
        <translation>Speichergrenze des Verlaufs</translation>
    </message>
    <message>
        <source>Memory for the recorded history, in MB. Beyond it older history is kept at reduced resolution, then dropped.</source>
        <translation>Speicher für den aufgezeichneten Verlauf, in MB. Darüber hinaus wird älterer Verlauf mit geringerer Auflösung behalten und dann verworfen.</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>Zoom to &amp;Whole Run</source>
        <translation>&amp;Ganzen Lauf zeigen</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Scenario Format</source>
        <translation>&amp;Szenarioformat</translation>
    </message>
    <message>
        <source>&amp;About SchedScope</source>
        <translation>Ü&amp;ber SchedScope</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>Simulation</translation>
    </message>
    <message>
        <source> Speed </source>
        <translation> Tempo </translation>
    </message>
    <message>
        <source>Simulated time per wall second, from slow motion to as fast as possible</source>
        <translation>Simulierte Zeit pro echter Sekunde, von Zeitlupe bis so schnell wie möglich</translation>
    </message>
    <message>
        <source>Run to</source>
        <translation>Laufen bis</translation>
    </message>
    <message>
        <source>Expected a duration, %1</source>
        <translation>Eine Dauer erwartet, %1</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>SchedScope will use %1 the next time it starts.</source>
        <translation>SchedScope verwendet %1 beim nächsten Start.</translation>
    </message>
    <message>
        <source>Simulated time (e.g. 2.5s, 300ms). A time already run puts the cursor there:</source>
        <translation>Simulierte Zeit (z. B. 2.5s, 300ms). Eine bereits gelaufene Zeit setzt den Cursor dorthin:</translation>
    </message>
    <message>
        <source>The run is past %1: the cursor is there now</source>
        <translation>Der Lauf ist schon über %1 hinaus: der Cursor steht jetzt dort</translation>
    </message>
    <message>
        <source>D&amp;etails</source>
        <translation>D&amp;etails</translation>
    </message>
    <message>
        <source>Kernel &amp;Model</source>
        <translation>Kernel&amp;modell</translation>
    </message>
    <message>
        <source>Kernel model</source>
        <translation>Kernelmodell</translation>
    </message>
    <message>
        <source>The scenario cannot run on kernel model %1: %2. The current session goes on.</source>
        <translation>Das Szenario kann nicht auf dem Kernelmodell %1 laufen: %2. Die aktuelle Sitzung läuft weiter.</translation>
    </message>
    <message>
        <source>Restarted on kernel model %1.</source>
        <translation>Auf Kernelmodell %1 neu gestartet.</translation>
    </message>
    <message>
        <source>&amp;Latency</source>
        <translation>&amp;Latenz</translation>
    </message>
    <message>
        <source>Open &amp;Trace...</source>
        <translation>&amp;Trace öffnen...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Compare with a Real &amp;Run...</source>
        <translation>Mit echtem &amp;Lauf vergleichen...</translation>
    </message>
    <message>
        <source>Go to &amp;Start</source>
        <translation>Zum &amp;Anfang</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>&amp;Anleitung</translation>
    </message>
    <message>
        <source>A recording carries no pressure (PSI) figures: /proc/pressure is not traced.</source>
        <translation>Eine Aufzeichnung enthält keine Druckwerte (PSI): /proc/pressure wird nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>The depth sweep is a simulation of its own; it does not apply to a recording.</source>
        <translation>Der Tiefen-Durchlauf ist eine eigene Simulation; für eine Aufzeichnung gilt er nicht.</translation>
    </message>
    <message>
        <source>&amp;Simulate This Recording</source>
        <translation>Diese Aufzeichnung &amp;simulieren</translation>
    </message>
    <message>
        <source>The recorded workload as a scenario, simulated beside the recording in Compare A/B</source>
        <translation>Die aufgezeichnete Last als Szenario, neben der Aufzeichnung in A/B-Vergleich simuliert</translation>
    </message>
    <message>
        <source>Compare with Another Recor&amp;ding...</source>
        <translation>Mit anderer Aufzeich&amp;nung vergleichen...</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;Pan Left</source>
        <translation>Nach &amp;links verschieben</translation>
    </message>
    <message>
        <source>Pa&amp;n Right</source>
        <translation>Nach &amp;rechts verschieben</translation>
    </message>
    <message>
        <source>Th&amp;reads</source>
        <translation>Th&amp;reads</translation>
    </message>
    <message>
        <source>&amp;Find Task...</source>
        <translation>Task &amp;finden...</translation>
    </message>
    <message>
        <source>Ne&amp;xt Run of Task</source>
        <translation>Nä&amp;chster Lauf des Tasks</translation>
    </message>
    <message>
        <source>P&amp;revious Run of Task</source>
        <translation>Vo&amp;riger Lauf des Tasks</translation>
    </message>
    <message>
        <source>Open S&amp;weep Results...</source>
        <translation>S&amp;weep-Ergebnisse öffnen...</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>Ab&amp;frage</translation>
    </message>
    <message>
        <source>Why Did It Wait?</source>
        <translation>Wartegrund</translation>
    </message>
    <message>
        <source>+1 tick</source>
        <translation>+1 Tick</translation>
    </message>
    <message>
        <source>+10 ms</source>
        <translation>+10 ms</translation>
    </message>
    <message>
        <source>%1 (default where a scenario names none)</source>
        <translation>%1 (Standard, wenn ein Szenario keines nennt)</translation>
    </message>
    <message numerus="yes">
        <source>Restarted on kernel model %1; %n setting(s) dropped.</source>
        <translation>
            <numerusform>Auf Kernelmodell %1 neu gestartet; %n Einstellung entfernt.</numerusform>
            <numerusform>Auf Kernelmodell %1 neu gestartet; %n Einstellungen entfernt.</numerusform>
        </translation>
    </message>
    <message>
        <source>These settings of the scenario do not exist in kernel model %1 and were dropped:</source>
        <translation>Diese Einstellungen des Szenarios gibt es im Kernelmodell %1 nicht; sie wurden entfernt:</translation>
    </message>
</context>
<context>
    <name>ui::MigrationMatrixPlot</name>
    <message>
        <source>to CPU</source>
        <translation>nach CPU</translation>
    </message>
    <message>
        <source>from CPU</source>
        <translation>von CPU</translation>
    </message>
    <message>
        <source>migrations</source>
        <translation>Migrationen</translation>
    </message>
    <message>
        <source>Migrations from CPU to CPU: %1</source>
        <translation>Migrationen von CPU zu CPU: %1</translation>
    </message>
</context>
<context>
    <name>ui::MigrationRatePlot</name>
    <message>
        <source>simulated time (s)</source>
        <translation>simulierte Zeit (s)</translation>
    </message>
    <message>
        <source>Migrations per interval by reason: %1</source>
        <translation>Migrationen pro Intervall nach Grund: %1</translation>
    </message>
    <message>
        <source>migrations</source>
        <translation>Migrationen</translation>
    </message>
    <message>
        <source>simulated time (s), bins of %1</source>
        <translation>simulierte Zeit (s), Intervalle von %1</translation>
    </message>
    <message>
        <source>trace time (s), bins of %1; reasons inferred</source>
        <translation>Trace-Zeit (s), Intervalle von %1; Gründe erschlossen</translation>
    </message>
</context>
<context>
    <name>ui::MigrationTableModel</name>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Nach</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <source>%1 (inferred)</source>
        <translation>%1 (erschlossen)</translation>
    </message>
</context>
<context>
    <name>ui::MigrationsPage</name>
    <message>
        <source>any reason</source>
        <translation>jeder Grund</translation>
    </message>
    <message>
        <source>filter by task name</source>
        <translation>nach Task-Namen filtern</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Grund:</translation>
    </message>
    <message>
        <source>%1 shown, %2 held, %3 in all</source>
        <translation>%1 angezeigt, %2 gespeichert, %3 insgesamt</translation>
    </message>
    <message>
        <source>Migrations</source>
        <translation>Migrationen</translation>
    </message>
    <message>
        <source>task name</source>
        <translation>Task-Name</translation>
    </message>
</context>
<context>
    <name>ui::OccupancyPlot</name>
    <message>
        <source>simulated time (s)</source>
        <translation>simulierte Zeit (s)</translation>
    </message>
    <message>
        <source>CPU occupancy</source>
        <translation>CPU-Belegung</translation>
    </message>
    <message>
        <source>/ (root)</source>
        <translation>/ (Wurzel)</translation>
    </message>
    <message>
        <source>kernel overhead</source>
        <translation>Kernel-Overhead</translation>
    </message>
    <message>
        <source>%1 at %2
(older history is kept at reduced resolution)</source>
        <translation>%1 bei %2
(älterer Verlauf wird mit geringerer Auflösung behalten)</translation>
    </message>
    <message>
        <source>%1 at %2: idle</source>
        <translation>%1 bei %2: idle</translation>
    </message>
    <message>
        <source>task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>kernel overhead on behalf of %1</source>
        <translation>Kernel-Overhead im Auftrag von %1</translation>
    </message>
    <message>
        <source>CPU occupancy: %1, %2 to %3</source>
        <translation>CPU-Belegung: %1, %2 bis %3</translation>
    </message>
    <message>
        <source>%1, %2 to %3 (%4)</source>
        <translation>%1, %2 bis %3 (%4)</translation>
    </message>
    <message>
        <source>kernel overhead
%1</source>
        <translation>Kernel-Overhead
%1</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>%1
cgroup %2
%3</source>
        <translation>%1
Cgroup %2
%3</translation>
    </message>
    <message>
        <source>fit</source>
        <translation>passend</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Height of a CPU lane; &quot;fit&quot; shares the height among the tracks (scrolling when they would be too thin to read)</source>
        <translation>Höhe einer CPU-Spur; „passend“ teilt die Höhe unter den Spuren auf (und scrollt, wenn sie zu dünn zum Lesen würden)</translation>
    </message>
    <message>
        <source>Lane height</source>
        <translation>Spurhöhe</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>Alle aufklappen</translation>
    </message>
    <message>
        <source>Show a lane for every CPU</source>
        <translation>Eine Spur für jede CPU zeigen</translation>
    </message>
    <message>
        <source>Collapse cores</source>
        <translation>Kerne zuklappen</translation>
    </message>
    <message>
        <source>One summed row per core; click a row&apos;s label to expand or collapse it</source>
        <translation>Eine summierte Zeile pro Kern; ein Klick auf die Beschriftung klappt sie auf oder zu</translation>
    </message>
    <message>
        <source>click the label to collapse</source>
        <translation>Beschriftung anklicken zum Zuklappen</translation>
    </message>
    <message>
        <source>click the label to expand</source>
        <translation>Beschriftung anklicken zum Aufklappen</translation>
    </message>
    <message>
        <source>%1 at %2: %3 of %4 CPUs busy
%5</source>
        <translation>%1 bei %2: %3 von %4 CPUs beschäftigt
%5</translation>
    </message>
    <message>
        <source>RT task (band on top)</source>
        <translation>RT-Task (Band oben)</translation>
    </message>
    <message>
        <source> (RT: %1 %2)</source>
        <translation> (RT: %1 %2)</translation>
    </message>
    <message>
        <source>trace time (s), from its first event</source>
        <translation>Trace-Zeit (s), ab seinem ersten Ereignis</translation>
    </message>
    <message>
        <source>A to B: %1</source>
        <translation>A bis B: %1</translation>
    </message>
    <message>
        <source>a colour per task</source>
        <translation>eine Farbe je Task</translation>
    </message>
</context>
<context>
    <name>ui::OptimizationsPanel</name>
    <message>
        <source>Applies live at the current simulated time; a marker shows where.</source>
        <translation>Wirkt live zur aktuellen simulierten Zeit; eine Markierung zeigt die Stelle.</translation>
    </message>
    <message>
        <source>&lt;a href=&quot;#&quot;&gt;seed: %1 (%2)&lt;/a&gt;</source>
        <translation>&lt;a href=&quot;#&quot;&gt;Quelle: %1 (%2)&lt;/a&gt;</translation>
    </message>
    <message>
        <source>The mailing-list thread in the project&apos;s shared/seeds folder</source>
        <translation>Der Mailinglisten-Thread im Ordner shared/seeds des Projekts</translation>
    </message>
    <message>
        <source>clock reads: %1/s; %2% of CPU time</source>
        <translation>Uhr-Lesezugriffe: %1/s; %2% der CPU-Zeit</translation>
    </message>
    <message>
        <source>PSI group updates: %1/s; PSI walk %2% of CPU time</source>
        <translation>PSI-Gruppenaktualisierungen: %1/s; PSI-Durchlauf %2% der CPU-Zeit</translation>
    </message>
    <message>
        <source>sched_move_task: %1 calls/s, %2 us/s</source>
        <translation>sched_move_task: %1 Aufrufe/s, %2 us/s</translation>
    </message>
    <message>
        <source>counter folds: %1/s; lock wait %2% of CPU time</source>
        <translation>Zähler-Faltungen: %1/s; Warten auf Sperren %2% der CPU-Zeit</translation>
    </message>
    <message>
        <source>balancer migrations: %1/s</source>
        <translation>Migrationen durch das Balancing: %1/s</translation>
    </message>
    <message>
        <source>Not a switch in kernel model %1: %2</source>
        <translation>Im Kernelmodell %1 nicht schaltbar: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;A recording&lt;/b&gt; of a real kernel: no kernel model, and the optimizations cannot be switched. File &gt; Simulate This Recording runs its workload on a model, where they can.</source>
        <translation>&lt;b&gt;Eine Aufzeichnung&lt;/b&gt; eines echten Kernels: kein Kernelmodell, und die Optimierungen lassen sich nicht schalten. Datei &gt; Diese Aufzeichnung simulieren führt ihre Last auf einem Modell aus, wo sie es können.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Kernel model %1&lt;/b&gt;%2: %3</source>
        <translation>&lt;b&gt;Kernelmodell %1&lt;/b&gt;%2: %3</translation>
    </message>
    <message>
        <source> (the default where a scenario names none)</source>
        <translation> (der Standard, wenn ein Szenario keines nennt)</translation>
    </message>
    <message>
        <source> (named by the scenario)</source>
        <translation> (vom Szenario genannt)</translation>
    </message>
</context>
<context>
    <name>ui::PressureChart</name>
    <message>
        <source>Pressure stall information</source>
        <translation>Pressure Stall Information</translation>
    </message>
    <message>
        <source>simulated time (s)</source>
        <translation>simulierte Zeit (s)</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>cpu</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>memory</translation>
    </message>
    <message>
        <source>io</source>
        <translation>io</translation>
    </message>
    <message>
        <source>system</source>
        <translation>System</translation>
    </message>
    <message>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message>
        <source>some</source>
        <translation>some</translation>
    </message>
    <message>
        <source>Pressure stall information: %1</source>
        <translation>Pressure Stall Information: %1</translation>
    </message>
    <message>
        <source>Pressure stall information (averages update every 2 s; the first comes at 2 s, the rate shows stalls meanwhile)</source>
        <translation>Pressure Stall Information (Mittelwerte alle 2 s; der erste kommt bei 2 s, bis dahin zeigt die Rate die Blockaden)</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>% of time stalled: the share of each averaging window in which some (or all) tasks of the cgroup waited for the resource</source>
        <translation>% der Zeit blockiert: der Anteil jedes Mittelungsfensters, in dem einige (oder alle) Tasks der Cgroup auf die Ressource warteten</translation>
    </message>
    <message>
        <source>PSI (averages from 2 s on)</source>
        <translation>PSI (Mittelwerte ab 2 s)</translation>
    </message>
</context>
<context>
    <name>ui::PressurePage</name>
    <message>
        <source>cpu</source>
        <translation>cpu</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>memory</translation>
    </message>
    <message>
        <source>io</source>
        <translation>io</translation>
    </message>
    <message>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message>
        <source>avg10</source>
        <translation>avg10</translation>
    </message>
    <message>
        <source>avg60</source>
        <translation>avg60</translation>
    </message>
    <message>
        <source>avg300</source>
        <translation>avg300</translation>
    </message>
    <message>
        <source>Select cgroups in the tree to plot them; none selected: the system.</source>
        <translation>Cgroups im Baum auswählen, um sie zu zeichnen; ohne Auswahl: das System.</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>Rate</translation>
    </message>
    <message>
        <source>Share of the last 100 ms stalled, from the stall totals. The kernel&apos;s averages update every 2 s: before the first update they read 0.</source>
        <translation>Blockierter Anteil der letzten 100 ms, aus den Blockade-Summen. Die Mittelwerte des Kernels werden alle 2 s aktualisiert: vor der ersten Aktualisierung lauten sie 0.</translation>
    </message>
</context>
<context>
    <name>ui::QueryPage</name>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Run every statement; the last one&apos;s rows are shown (Ctrl+Enter)</source>
        <translation>Jede Anweisung ausführen; die Zeilen der letzten werden gezeigt (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Queries run before, most recent first</source>
        <translation>Früher ausgeführte Abfragen, die jüngste zuerst</translation>
    </message>
    <message>
        <source>Ctrl+Enter runs the SQL on this session&apos;s tables (docs/query.md lists them); a double-click on a row with ts goes there on the timeline.</source>
        <translation>Strg+Eingabe führt das SQL auf den Tabellen dieser Sitzung aus (docs/query.md nennt sie); ein Doppelklick auf eine Zeile mit ts führt auf der Zeitleiste dorthin.</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabellen</translation>
    </message>
    <message>
        <source>Double-click a name to put it into the query</source>
        <translation>Ein Doppelklick fügt den Namen in die Abfrage ein</translation>
    </message>
    <message>
        <source>Double-click a row with ts to go there on the timeline</source>
        <translation>Ein Doppelklick auf eine Zeile mit ts führt auf der Zeitleiste dorthin</translation>
    </message>
    <message>
        <source>Query results</source>
        <translation>Abfrageergebnisse</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>(%1 statements; the last one&apos;s rows)</source>
        <translation>(%1 Anweisungen; die Zeilen der letzten)</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>The first %L1 rows (the query has more) in %2 s</source>
        <translation>Die ersten %L1 Zeilen (die Abfrage hat mehr) in %2 s</translation>
    </message>
    <message>
        <source>1 row in %1 s</source>
        <translation>1 Zeile in %1 s</translation>
    </message>
    <message>
        <source>%L1 rows in %2 s</source>
        <translation>%L1 Zeilen in %2 s</translation>
    </message>
</context>
<context>
    <name>ui::QueryRunner</name>
    <message>
        <source>Building the tables: replaying the run to now...</source>
        <translation>Die Tabellen werden gebaut: der Lauf wird bis jetzt wiederholt...</translation>
    </message>
    <message>
        <source>Building the tables: reading the recording...</source>
        <translation>Die Tabellen werden gebaut: die Aufzeichnung wird gelesen...</translation>
    </message>
    <message>
        <source>Running the query...</source>
        <translation>Die Abfrage läuft...</translation>
    </message>
</context>
<context>
    <name>ui::RecentFiles</name>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>Liste leeren</translation>
    </message>
</context>
<context>
    <name>ui::RunqueueDelayPlot</name>
    <message>
        <source>tasks waiting</source>
        <translation>wartende Tasks</translation>
    </message>
    <message>
        <source>all tasks</source>
        <translation>alle Tasks</translation>
    </message>
    <message>
        <source>Runqueue delay (tasks waiting for a CPU): %1</source>
        <translation>Runqueue-Verzögerung (auf eine CPU wartende Tasks): %1</translation>
    </message>
    <message>
        <source>The average number of tasks waiting for a CPU in each interval, from the switch records (each wait from the wakeup or preemption to the switch in); not PSI</source>
        <translation>Die mittlere Zahl der Tasks, die in jedem Intervall auf eine CPU warteten, aus den Umschalt-Einträgen (jede Wartezeit vom Aufwecken oder Verdrängen bis zum Einschalten); nicht PSI</translation>
    </message>
    <message>
        <source>trace time (s), bins of %1</source>
        <translation>Trace-Zeit (s), Intervalle von %1</translation>
    </message>
    <message>
        <source>simulated time (s), bins of %1</source>
        <translation>simulierte Zeit (s), Intervalle von %1</translation>
    </message>
    <message>
        <source>waiting for a CPU: %1</source>
        <translation>wartend auf eine CPU: %1</translation>
    </message>
</context>
<context>
    <name>ui::StatusPanel</name>
    <message>
        <source>Simulated time</source>
        <translation>Simulierte Zeit</translation>
    </message>
    <message>
        <source>Run state</source>
        <translation>Laufzustand</translation>
    </message>
    <message>
        <source>Requested speed (simulated time per wall second) and achieved</source>
        <translation>Gewünschtes Tempo (simulierte Zeit pro echter Sekunde) und erreichtes</translation>
    </message>
    <message>
        <source>Engine events per wall second</source>
        <translation>Engine-Ereignisse pro echter Sekunde</translation>
    </message>
    <message>
        <source>speed -</source>
        <translation>Tempo -</translation>
    </message>
    <message>
        <source>0 events/s</source>
        <translation>0 Ereignisse/s</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>speed %1 (achieved %2)</source>
        <translation>Tempo %1 (erreicht %2)</translation>
    </message>
    <message>
        <source>%1 events/s</source>
        <translation>%1 Ereignisse/s</translation>
    </message>
    <message>
        <source>%1 ctxsw/s</source>
        <translation>%1 Kontextw./s</translation>
    </message>
    <message>
        <source>%1 mig/s</source>
        <translation>%1 Migr./s</translation>
    </message>
    <message>
        <source>overhead %1%</source>
        <translation>Overhead %1%</translation>
    </message>
    <message>
        <source>speed %1</source>
        <translation>Tempo %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <source>over the whole run</source>
        <translation>über den ganzen Lauf</translation>
    </message>
    <message>
        <source>over the last simulated second</source>
        <translation>über die letzte simulierte Sekunde</translation>
    </message>
    <message>
        <source>Context switches per simulated second, %1</source>
        <translation>Kontextwechsel pro simulierter Sekunde, %1</translation>
    </message>
    <message>
        <source>Migrations per simulated second, %1</source>
        <translation>Migrationen pro simulierter Sekunde, %1</translation>
    </message>
    <message>
        <source>Kernel overhead as a share of all CPU time, %1</source>
        <translation>Kernel-Overhead als Anteil der gesamten CPU-Zeit, %1</translation>
    </message>
    <message>
        <source>t = %1, cursor at %2</source>
        <translation>t = %1, Cursor bei %2</translation>
    </message>
    <message>
        <source>t = %1</source>
        <translation>t = %1</translation>
    </message>
</context>
<context>
    <name>ui::SweepPlot</name>
    <message>
        <source>%1 by %2</source>
        <translation>%1 nach %2</translation>
    </message>
    <message>
        <source>%1 by %2, a line per %3</source>
        <translation>%1 nach %2, eine Linie je %3</translation>
    </message>
    <message>
        <source>mean and standard error over the seeds</source>
        <translation>Mittelwert und Standardfehler über die Seeds</translation>
    </message>
    <message>
        <source>mean and standard error over the seeds; %1</source>
        <translation>Mittelwert und Standardfehler über die Seeds; %1</translation>
    </message>
    <message>
        <source>%1 over %2 and %3</source>
        <translation>%1 über %2 und %3</translation>
    </message>
    <message>
        <source>mean over the seeds; blank: no finished cell</source>
        <translation>Mittelwert über die Seeds; leer: keine fertige Zelle</translation>
    </message>
    <message>
        <source>mean over the seeds; blank: no finished cell; %1</source>
        <translation>Mittelwert über die Seeds; leer: keine fertige Zelle; %1</translation>
    </message>
    <message>
        <source>%1: mean %2 ± %3 (standard error), n = %4</source>
        <translation>%1: Mittelwert %2 ± %3 (Standardfehler), n = %4</translation>
    </message>
    <message>
        <source>min %1, max %2</source>
        <translation>Minimum %1, Maximum %2</translation>
    </message>
    <message numerus="yes">
        <source>%n of the cells failed and are left out</source>
        <translation>
            <numerusform>%n der Zellen ist fehlgeschlagen und bleibt außen vor</numerusform>
            <numerusform>%n der Zellen sind fehlgeschlagen und bleiben außen vor</numerusform>
        </translation>
    </message>
    <message>
        <source>Sweep results: %1</source>
        <translation>Sweep-Ergebnisse: %1</translation>
    </message>
    <message>
        <source>Click to run cell %1 (the first seed) in the main window</source>
        <translation>Klicken, um Zelle %1 (den ersten Seed) im Hauptfenster auszuführen</translation>
    </message>
</context>
<context>
    <name>ui::SweepWindow</name>
    <message>
        <source>Sweep results: %1 - SchedScope</source>
        <translation>Sweep-Ergebnisse: %1 - SchedScope</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>Warnungen:</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>Linien</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>Heatmap</translation>
    </message>
    <message>
        <source>A heat map needs two axes besides seed</source>
        <translation>Eine Heatmap braucht zwei Achsen außer seed</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Metrik:</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>&amp;Ansicht:</translation>
    </message>
    <message>
        <source>&amp;X axis:</source>
        <translation>&amp;X-Achse:</translation>
    </message>
    <message>
        <source>&amp;Lines by:</source>
        <translation>&amp;Linien nach:</translation>
    </message>
    <message>
        <source>&amp;Y axis:</source>
        <translation>&amp;Y-Achse:</translation>
    </message>
    <message>
        <source>The other axes, held at:</source>
        <translation>Die anderen Achsen, festgehalten bei:</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Export Chart...</source>
        <translation>Diagramm &amp;exportieren...</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;Data as CSV...</source>
        <translation>&amp;Daten als CSV exportieren...</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <source>%1 of %2 cells, %3 failed, %4 missing</source>
        <translation>%1 von %2 Zellen, %3 fehlgeschlagen, %4 fehlen</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>This sweep varies only the seed: there is no axis to plot.</source>
        <translation>Dieser Sweep variiert nur den Seed: es gibt keine Achse zum Zeichnen.</translation>
    </message>
    <message>
        <source>cell %1 (%2)</source>
        <translation>Zelle %1 (%2)</translation>
    </message>
    <message>
        <source>Cannot open the cell</source>
        <translation>Die Zelle kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The run of %1 cannot be set up; the main window&apos;s session goes on.</source>
        <translation>Der Lauf von %1 lässt sich nicht einrichten; die Sitzung des Hauptfensters läuft weiter.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Opened %1 in the main window</source>
        <translation>%1 im Hauptfenster geöffnet</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>Szenario: %1</translation>
    </message>
    <message>
        <source>Each cell runs for %1</source>
        <translation>Jede Zelle läuft %1</translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation>Ordner: %1</translation>
    </message>
    <message>
        <source>Axes (number of values): %1</source>
        <translation>Achsen (Anzahl der Werte): %1</translation>
    </message>
</context>
<context>
    <name>ui::ThreadTrackView</name>
    <message>
        <source>Pinned</source>
        <translation>Angeheftet</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>Oben anheften</translation>
    </message>
    <message>
        <source>Next Run</source>
        <translation>Nächster Lauf</translation>
    </message>
    <message>
        <source>Previous Run</source>
        <translation>Voriger Lauf</translation>
    </message>
    <message>
        <source>Why Did It Wait Here?</source>
        <translation>Warum wartete er hier?</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2%3&lt;br&gt;%4 to %5 (%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2%3&lt;br&gt;%4 bis %5 (%6)</translation>
    </message>
    <message>
        <source>nr_running per CPU</source>
        <translation>nr_running je CPU</translation>
    </message>
    <message>
        <source>cpu%1 nr_running (max %2)</source>
        <translation>cpu%1 nr_running (max. %2)</translation>
    </message>
    <message>
        <source>cpu%1 nr_running: the tasks running or queued there, from the thread states</source>
        <translation>cpu%1 nr_running: die dort laufenden oder wartenden Tasks, aus den Thread-Zuständen</translation>
    </message>
    <message>
        <source>cpu%1 nr_running at %2: %3</source>
        <translation>cpu%1 nr_running bei %2: %3</translation>
    </message>
    <message>
        <source>Show Scheduler Counters of This Task</source>
        <translation>Scheduler-Zähler dieses Tasks zeigen</translation>
    </message>
    <message>
        <source>Show PELT Averages of cpu%1</source>
        <translation>PELT-Mittelwerte von cpu%1 zeigen</translation>
    </message>
    <message>
        <source>Show cpu.max and Pressure of This Cgroup</source>
        <translation>cpu.max und Druck dieser Cgroup zeigen</translation>
    </message>
    <message>
        <source>None here: a recording carries only nr_running</source>
        <translation>Keine: eine Aufzeichnung enthält nur nr_running</translation>
    </message>
    <message>
        <source>%1: the model&apos;s value as the kernel holds it, sampled every 1 ms</source>
        <translation>%1: der Wert des Modells, wie der Kernel ihn hält, jede 1 ms abgetastet</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1 bei %2: %3</translation>
    </message>
</context>
<context>
    <name>ui::ThreadsPage</name>
    <message>
        <source>Find a task by name or pid (Ctrl+F)</source>
        <translation>Task nach Name oder PID finden (Strg+F)</translation>
    </message>
    <message>
        <source>by cgroup</source>
        <translation>nach Cgroup</translation>
    </message>
    <message>
        <source>by name</source>
        <translation>nach Name</translation>
    </message>
    <message>
        <source>not grouped</source>
        <translation>nicht gruppiert</translation>
    </message>
    <message>
        <source>◀ Run</source>
        <translation>◀ Lauf</translation>
    </message>
    <message>
        <source>The selected task&apos;s previous run ([)</source>
        <translation>Voriger Lauf des gewählten Tasks ([)</translation>
    </message>
    <message>
        <source>Run ▶</source>
        <translation>Lauf ▶</translation>
    </message>
    <message>
        <source>The selected task&apos;s next run (])</source>
        <translation>Nächster Lauf des gewählten Tasks (])</translation>
    </message>
    <message>
        <source>building the thread states...</source>
        <translation>Thread-Zustände werden berechnet...</translation>
    </message>
    <message numerus="yes">
        <source>%n task(s)</source>
        <translation>
            <numerusform>%n Task</numerusform>
            <numerusform>%n Tasks</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 tasks</source>
        <translation>%1 von %2 Tasks</translation>
    </message>
    <message>
        <source> — states up to %1</source>
        <translation> — Zustände bis %1</translation>
    </message>
    <message>
        <source>Thread states</source>
        <translation>Thread-Zustände</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Why did it wait?&lt;/b&gt; %n hop(s) back from %1%2</source>
        <translation>
            <numerusform>&lt;b&gt;Warum wartete er?&lt;/b&gt; %n Schritt zurück von %1%2</numerusform>
            <numerusform>&lt;b&gt;Warum wartete er?&lt;/b&gt; %n Schritte zurück von %1%2</numerusform>
        </translation>
    </message>
    <message>
        <source> (it was running: the wait before that run)</source>
        <translation> (er lief: das Warten vor diesem Lauf)</translation>
    </message>
    <message>
        <source>Counter tracks</source>
        <translation>Zählerspuren</translation>
    </message>
    <message>
        <source>Counter Tracks</source>
        <translation>Zählerspuren</translation>
    </message>
    <message>
        <source>Running: in its cgroup&apos;s colour, as in the CPU lanes</source>
        <translation>Laufend: in der Farbe seiner Cgroup, wie in den CPU-Bahnen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why did it wait?&lt;/b&gt; Click in a task&apos;s track on the Threads page, or double-click a row of the Latency page: the wakeups behind that wait are listed here and drawn across the tracks.</source>
        <translation>&lt;b&gt;Warum wartete er?&lt;/b&gt; Klicken Sie auf der Seite Threads in die Spur eines Tasks, oder doppelklicken Sie eine Zeile der Seite Latenz: die Aufweckvorgänge hinter dieser Wartezeit werden hier aufgelistet und über die Spuren gezeichnet.</translation>
    </message>
    <message>
        <source>Find task or pid</source>
        <translation>Task/PID</translation>
    </message>
    <message>
        <source>How the tracks are grouped</source>
        <translation>Wie die Spuren gruppiert sind</translation>
    </message>
</context>
<context>
    <name>ui::TopologyView</name>
    <message>
        <source>socket %1</source>
        <translation>Sockel %1</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <source>%1
%2
busy %3% over the last %4 ms</source>
        <translation>%1
%2
beschäftigt %3% in den letzten %4 ms</translation>
    </message>
    <message>
        <source>Topology at %1: %2</source>
        <translation>Topologie bei %1: %2</translation>
    </message>
</context>
<context>
    <name>ui::TraceExportTask</name>
    <message>
        <source>Replaying the session to write its trace...</source>
        <translation>Die Sitzung wird nachgespielt, um ihren Trace zu schreiben...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>Trace exportieren</translation>
    </message>
    <message>
        <source>Reading the recording to write its trace...</source>
        <translation>Die Aufzeichnung wird gelesen, um ihren Trace zu schreiben...</translation>
    </message>
</context>
<context>
    <name>ui::TraceOpener</name>
    <message>
        <source>Reading the trace %1...</source>
        <translation>Lese den Trace %1...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>Trace öffnen</translation>
    </message>
    <message>
        <source>Reading the recording %1 and writing its workload as a scenario...</source>
        <translation>Lese die Aufzeichnung %1 und schreibe ihre Last als Szenario...</translation>
    </message>
    <message>
        <source>Simulate This Recording</source>
        <translation>Diese Aufzeichnung simulieren</translation>
    </message>
</context>
<context>
    <name>ui::TrackList</name>
    <message>
        <source>▾ core %1</source>
        <translation>▾ Kern %1</translation>
    </message>
    <message>
        <source>▸ core %1: %2</source>
        <translation>▸ Kern %1: %2</translation>
    </message>
    <message>
        <source>▾ socket %1</source>
        <translation>▾ Sockel %1</translation>
    </message>
    <message>
        <source>▸ socket %1: %2</source>
        <translation>▸ Sockel %1: %2</translation>
    </message>
</context>
</TS>
