<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>max</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
</context>
<context>
    <name>WakeupText</name>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Runnable</source>
        <translation>可运行</translation>
    </message>
    <message>
        <source>Runnable (preempted)</source>
        <translation>可运行（被抢占）</translation>
    </message>
    <message>
        <source>Sleeping (S)</source>
        <translation>睡眠 (S)</translation>
    </message>
    <message>
        <source>Uninterruptible (D)</source>
        <translation>不可中断 (D)</translation>
    </message>
    <message>
        <source>Throttled (cpu.max)</source>
        <translation>被限流 (cpu.max)</translation>
    </message>
    <message>
        <source>Unknown (not in the recording)</source>
        <translation>未知（不在录制中）</translation>
    </message>
    <message>
        <source>woken by %1 from %2 at %3</source>
        <translation>由 %1 在 %2 上于 %3 唤醒</translation>
    </message>
    <message>
        <source>started by its parent %1 (fork) on %2</source>
        <translation>由其父任务 %1 在 %2 上启动 (fork)</translation>
    </message>
    <message>
        <source>its timer fired on %1 at %2</source>
        <translation>其定时器在 %1 上于 %2 触发</translation>
    </message>
    <message>
        <source>an interrupt or an idle CPU woke it (%1)</source>
        <translation>由中断或空闲 CPU 唤醒 (%1)</translation>
    </message>
    <message>
        <source>the start (of the run or the recording)</source>
        <translation>起点（运行或录制的开始）</translation>
    </message>
    <message>
        <source>never slept: preempted, it waited for a CPU</source>
        <translation>从未睡眠：被抢占，等待 CPU</translation>
    </message>
    <message>
        <source>never slept: its cgroup was throttled (cpu.max)</source>
        <translation>从未睡眠：其 cgroup 被限流 (cpu.max)</translation>
    </message>
    <message>
        <source>no wakeup recorded (events lost)</source>
        <translation>未记录唤醒（事件丢失）</translation>
    </message>
    <message>
        <source>Ended by</source>
        <translation>结束原因</translation>
    </message>
    <message>
        <source>not woken yet: it still waits where the tracks end</source>
        <translation>尚未被唤醒：在轨道结束处仍在等待</translation>
    </message>
    <message>
        <source>not preempted</source>
        <translation>未被抢占</translation>
    </message>
    <message>
        <source>wakeup preemption</source>
        <translation>唤醒抢占</translation>
    </message>
    <message>
        <source>RT priority</source>
        <translation>RT 优先级</translation>
    </message>
    <message>
        <source>tick (share used up)</source>
        <translation>时钟节拍（份额用完）</translation>
    </message>
    <message>
        <source>EEVDF deadline (slice used up)</source>
        <translation>EEVDF 截止时间（时间片用完）</translation>
    </message>
    <message>
        <source>shorter-slice waker (EEVDF)</source>
        <translation>更短时间片的唤醒者 (EEVDF)</translation>
    </message>
    <message>
        <source>cpu.max runtime used up</source>
        <translation>cpu.max 运行时间用完</translation>
    </message>
    <message>
        <source>RT throttling</source>
        <translation>RT 限流</translation>
    </message>
    <message>
        <source>fair server</source>
        <translation>公平服务器</translation>
    </message>
    <message>
        <source>sched_yield</source>
        <translation>sched_yield</translation>
    </message>
    <message>
        <source>rescheduled (a move, an affinity change, the stopper)</source>
        <translation>重新调度（迁移、亲和性变化、stopper）</translation>
    </message>
    <message>
        <source>rule not in the recording</source>
        <translation>录制中没有规则</translation>
    </message>
    <message>
        <source> (domain level %1)</source>
        <translation>（调度域层级 %1）</translation>
    </message>
    <message>
        <source>wakeup placement</source>
        <translation>唤醒放置</translation>
    </message>
    <message>
        <source>periodic balance</source>
        <translation>周期性负载均衡</translation>
    </message>
    <message>
        <source>newidle balance</source>
        <translation>newidle 负载均衡</translation>
    </message>
    <message>
        <source>nohz idle balance</source>
        <translation>nohz 空闲负载均衡</translation>
    </message>
    <message>
        <source>active balance</source>
        <translation>主动负载均衡</translation>
    </message>
    <message>
        <source>affinity change</source>
        <translation>亲和性变化</translation>
    </message>
    <message>
        <source>cgroup move</source>
        <translation>cgroup 迁移</translation>
    </message>
    <message>
        <source>RT push</source>
        <translation>RT 推送</translation>
    </message>
    <message>
        <source>RT pull</source>
        <translation>RT 拉取</translation>
    </message>
    <message>
        <source>preempted by %1: %2</source>
        <translation>被 %1 抢占：%2</translation>
    </message>
    <message>
        <source>preempted (the CPU went idle): %1</source>
        <translation>被抢占（CPU 进入空闲）：%1</translation>
    </message>
    <message>
        <source>moved cpu%1 → cpu%2 at %3 by %4</source>
        <translation>于 %3 由 %4 从 cpu%1 移到 cpu%2</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>调度器</translation>
    </message>
    <message>
        <source> (inferred)</source>
        <translation>（推断）</translation>
    </message>
    <message>
        <source>protected run ended (EEVDF, v6.17+)</source>
        <translation>受保护的运行已结束（EEVDF，v6.17 起）</translation>
    </message>
    <message>
        <source>still running</source>
        <translation>仍在运行</translation>
    </message>
    <message>
        <source>then preempted by %1: %2</source>
        <translation>随后被 %1 抢占：%2</translation>
    </message>
    <message>
        <source>then preempted: %1</source>
        <translation>随后被抢占：%1</translation>
    </message>
    <message>
        <source>then it slept</source>
        <translation>随后进入睡眠</translation>
    </message>
    <message>
        <source>then throttled (cpu.max)</source>
        <translation>随后被限流（cpu.max）</translation>
    </message>
    <message>
        <source>then it exited or the record ends</source>
        <translation>随后退出，或记录结束</translation>
    </message>
    <message>
        <source>%1 on cpu%2 for %3 (%4)</source>
        <translation>%1 在 cpu%2 上运行 %3（%4）</translation>
    </message>
    <message>
        <source>%1 is an RT task of equal or higher priority (%2 against %3): it keeps the CPU</source>
        <translation>%1 是优先级相同或更高的 RT 任务（%2 对 %3）：它保留 CPU</translation>
    </message>
    <message>
        <source>%1 is an RT task: a fair task never preempts one</source>
        <translation>%1 是 RT 任务：公平调度任务从不抢占它</translation>
    </message>
    <message>
        <source>a SCHED_BATCH or SCHED_IDLE task&apos;s wakeup never preempts; the tick decides</source>
        <translation>SCHED_BATCH 或 SCHED_IDLE 任务被唤醒时从不抢占；由时钟节拍决定</translation>
    </message>
    <message>
        <source>it was placed behind %1 while that CPU was rescheduling</source>
        <translation>在该 CPU 重新调度期间，它被排在 %1 之后</translation>
    </message>
    <message>
        <source>the kernel&apos;s wakeup check (wakeup_preempt) let %1 run on; a recording does not say why</source>
        <translation>内核的唤醒检查（wakeup_preempt）让 %1 继续运行；记录中没有原因</translation>
    </message>
    <message>
        <source>EEVDF&apos;s pick still chose %1 (pick_eevdf): the woken task was not eligible, or %1&apos;s deadline was earlier, or %1 ran to parity within its slice</source>
        <translation>EEVDF 的选择仍是 %1（pick_eevdf）：被唤醒的任务不合格，或 %1 的截止时间更早，或 %1 在其时间片内运行到对等</translation>
    </message>
    <message>
        <source>CFS&apos;s wakeup check (check_preempt_wakeup) found the woken task&apos;s vruntime not ahead of %1&apos;s by more than the wakeup granularity</source>
        <translation>CFS 的唤醒检查（check_preempt_wakeup）发现被唤醒任务的 vruntime 领先 %1 不超过唤醒粒度</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1. %2&lt;/b&gt;: left the CPU as %3, from %4 to %5: asleep %6, waited for a CPU %7</source>
        <translation>&lt;b&gt;%1. %2&lt;/b&gt;：以 %3 状态离开 CPU，从 %4 到 %5：睡眠 %6，等待 CPU %7</translation>
    </message>
    <message>
        <source>Held the CPU</source>
        <translation>占用 CPU</translation>
    </message>
    <message>
        <source>Not preempted because</source>
        <translation>未抢占的原因</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Linux CPU scheduler simulator</source>
        <translation>Linux CPU 调度器模拟器</translation>
    </message>
    <message>
        <source>Without a window: run the scenario, write every chart and table to DIR and quit.</source>
        <translation>无窗口运行:执行场景,将所有图表和表格写入 DIR 后退出。</translation>
    </message>
    <message>
        <source>Simulated time for --export-dir (default: the scenario&apos;s duration).</source>
        <translation>--export-dir 的模拟时长(默认:场景的时长)。</translation>
    </message>
    <message>
        <source>Formats for --export-dir, comma separated: png, svg, pdf, csv (default png,csv).</source>
        <translation>--export-dir 的格式,以逗号分隔:png、svg、pdf、csv(默认 png,csv)。</translation>
    </message>
    <message>
        <source>Run to --run-to, save the window as an image to FILE and quit.</source>
        <translation>运行到 --run-to,将窗口保存为图像 FILE 后退出。</translation>
    </message>
    <message>
        <source>Simulated time for --screenshot (default 2s).</source>
        <translation>--screenshot 的模拟时间(默认 2s)。</translation>
    </message>
    <message>
        <source>View tab to show for --screenshot (0 Threads to 6 Details).</source>
        <translation>--screenshot 时显示的视图标签页（0 线程 至 6 详情）。</translation>
    </message>
    <message>
        <source>Language for this run: en, de or zh_CN.</source>
        <translation>本次运行使用的语言:en、de 或 zh_CN。</translation>
    </message>
    <message>
        <source>With --screenshot: the A/B comparison window.</source>
        <translation>与 --screenshot 一起使用:A/B 对比窗口。</translation>
    </message>
    <message>
        <source>With --screenshot: expand the core holding CPU N in the timeline.</source>
        <translation>配合 --screenshot：在时间线中展开包含 CPU N 的核心。</translation>
    </message>
    <message>
        <source>With --screenshot: show the details of the slice on CPU N at time T (N@T, e.g. 3@1.5s).</source>
        <translation>配合 --screenshot：显示 CPU N 在时间 T 的运行片段详情（N@T，如 3@1.5s）。</translation>
    </message>
    <message>
        <source>Window size for --screenshot and --export-dir (default 1500x950).</source>
        <translation>--screenshot 和 --export-dir 的窗口大小（默认 1500x950）。</translation>
    </message>
    <message>
        <source>A scenario file, builtin:NAME or a scheduler trace (default: builtin:default)</source>
        <translation>场景文件、builtin:NAME 或调度器跟踪（默认：builtin:default）</translation>
    </message>
    <message>
        <source>With --screenshot: the comparison of a real run (a trace FILE) with the scenario&apos;s simulation.</source>
        <translation>与 --screenshot 一起：真实运行（跟踪文件 FILE）与场景模拟的对比。</translation>
    </message>
</context>
<context>
    <name>ui</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1:%2</translation>
    </message>
    <message>
        <source>Cannot write %1: the size must be 16 to 20000 pixels a side</source>
        <translation>无法写入 %1:每边尺寸必须为 16 到 20000 像素</translation>
    </message>
    <message>
        <source>Cannot write %1: the resolution must be 24 to 1200 dpi</source>
        <translation>无法写入 %1:分辨率必须为 24 到 1200 dpi</translation>
    </message>
    <message>
        <source>%1 has no data to export as CSV</source>
        <translation>%1 没有可导出为 CSV 的数据</translation>
    </message>
    <message>
        <source>%1 is a table: it exports as CSV only</source>
        <translation>%1 是表格:只能导出为 CSV</translation>
    </message>
    <message>
        <source>Cannot replay the session for %1: %2</source>
        <translation>无法为 %1 重放会话:%2</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Cannot write %1: %2 is still being computed</source>
        <translation>无法写入 %1：%2 仍在计算中</translation>
    </message>
</context>
<context>
    <name>ui::BookmarksMenu</name>
    <message>
        <source>&amp;Bookmarks</source>
        <translation>书签(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Add Bookmark...</source>
        <translation>添加书签(&amp;A)...</translation>
    </message>
    <message>
        <source>&amp;Remove Bookmark Nearest the Cursor</source>
        <translation>删除离光标最近的书签(&amp;R)</translation>
    </message>
    <message>
        <source>Add Bookmark</source>
        <translation>添加书签</translation>
    </message>
    <message>
        <source>Note for the bookmark at %1:</source>
        <translation>%1 处书签的备注：</translation>
    </message>
</context>
<context>
    <name>ui::BuiltinsDialog</name>
    <message>
        <source>Open built-in scenario</source>
        <translation>打开内置场景</translation>
    </message>
    <message>
        <source>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;&lt;i&gt;%3 CPUs (%4 socket(s) x %5 cores x %6 threads), %7 simulated, seed %8&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;h3&gt;%1&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p&gt;&lt;i&gt;%3 个 CPU(%4 个插槽 x %5 个核心 x %6 个线程),模拟 %7,种子 %8&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ui::CgroupPanel</name>
    <message>
        <source>Move to cgroup</source>
        <translation>移动到 cgroup</translation>
    </message>
    <message>
        <source>&amp;Kill %1</source>
        <translation>终止 %1(&amp;K)</translation>
    </message>
    <message>
        <source>Set weight...</source>
        <translation>设置权重...</translation>
    </message>
    <message>
        <source>cpu.weight of %1</source>
        <translation>%1 的 cpu.weight</translation>
    </message>
    <message>
        <source>Weight (1 to 10000):</source>
        <translation>权重(1 到 10000):</translation>
    </message>
    <message>
        <source>Cgroup tree</source>
        <translation>Cgroup 树</translation>
    </message>
    <message>
        <source>Set cpu.max...</source>
        <translation>设置 cpu.max...</translation>
    </message>
    <message>
        <source>Find a cgroup or task (Ctrl+F)</source>
        <translation>查找 cgroup 或任务 (Ctrl+F)</translation>
    </message>
    <message>
        <source>Find cgroup/task</source>
        <translation>查找 cgroup/任务</translation>
    </message>
</context>
<context>
    <name>ui::CgroupTreeModel</name>
    <message>
        <source>Cgroup / task</source>
        <translation>Cgroup / 任务</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Tasks / state</source>
        <translation>任务 / 状态</translation>
    </message>
    <message>
        <source>CPU (ms)</source>
        <translation>CPU(毫秒)</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
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
        <translation>cpu.weight(1 到 10000);双击可实时修改</translation>
    </message>
    <message>
        <source>cpuacct usage of the whole subtree; a task&apos;s own runtime</source>
        <translation>整个子树的 cpuacct 用量;任务则为其自身运行时间</translation>
    </message>
    <message>
        <source>Share of all CPU time of the machine since the start</source>
        <translation>自开始以来占整机 CPU 时间的比例</translation>
    </message>
    <message>
        <source>PSI some avg10: %% of the last 10 s some task of the cgroup stalled</source>
        <translation>PSI some avg10:最近 10 秒内该 cgroup 有任务停滞的时间 %%</translation>
    </message>
    <message>
        <source>%1: drop a task here to move it (sched_move_task)</source>
        <translation>%1:将任务拖放到此处以移动它(sched_move_task)</translation>
    </message>
    <message>
        <source>cpu.max</source>
        <translation>cpu.max</translation>
    </message>
    <message>
        <source>cpu.max bandwidth limit: quota per period (ms); &quot;throttled&quot; while its queues wait for the next period. Right-click a cgroup to change it live</source>
        <translation>cpu.max 带宽限制：每周期配额（毫秒）；队列等待下一周期时显示“已节流”。右键单击 cgroup 可实时修改</translation>
    </message>
    <message>
        <source>cpu.max %1; throttled in %2 periods, %3 ms in all (cpu.stat)</source>
        <translation>cpu.max %1；在 %2 个周期中被节流，共 %3 毫秒（cpu.stat）</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>%1 throttled</source>
        <translation>%1 已节流</translation>
    </message>
    <message>
        <source>W</source>
        <comment>cpu.weight, abbreviated for a narrow column</comment>
        <translation>权</translation>
    </message>
    <message>
        <source>%1: drag onto a cgroup to move this task there</source>
        <translation>%1：拖到某个 cgroup 上可将此任务移到那里</translation>
    </message>
</context>
<context>
    <name>ui::CompareDeltaModel</name>
    <message>
        <source>cpuacct usage %1</source>
        <translation>cpuacct 用量 %1</translation>
    </message>
    <message>
        <source>CPU time used by the cgroup and its children</source>
        <translation>该 cgroup 及其子组使用的 CPU 时间</translation>
    </message>
    <message>
        <source>PSI %1 some avg10 %2</source>
        <translation>PSI %1 some avg10 %2</translation>
    </message>
    <message>
        <source>share of the last 10 s in which some task of the cgroup stalled</source>
        <translation>最近 10 秒内该 cgroup 有任务停滞的时间占比</translation>
    </message>
    <message>
        <source>messages %1</source>
        <translation>消息 %1</translation>
    </message>
    <message>
        <source>messages received on the channel: the scenario&apos;s throughput</source>
        <translation>该通道收到的消息数:场景的吞吐量</translation>
    </message>
    <message>
        <source>new in B</source>
        <translation>B 中新增</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>指标</translation>
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
        <translation>变化 (B-A)/A</translation>
    </message>
    <message>
        <source>Neither direction is better for this quantity</source>
        <translation>此数值没有更好的方向</translation>
    </message>
    <message>
        <source>Lower is better: green when B is lower, red when higher</source>
        <translation>越低越好：B 更低时为绿色，更高时为红色</translation>
    </message>
    <message>
        <source>Higher is better: green when B is higher, red when lower</source>
        <translation>越高越好：B 更高时为绿色，更低时为红色</translation>
    </message>
    <message>
        <source>nr_throttled %1</source>
        <translation>nr_throttled %1</translation>
    </message>
    <message>
        <source>cpu.stat: periods that ended with the group throttled</source>
        <translation>cpu.stat：结束时该组处于节流状态的周期数</translation>
    </message>
    <message>
        <source>throttled time %1</source>
        <translation>节流时间 %1</translation>
    </message>
    <message>
        <source>cpu.stat throttled_usec: time the group&apos;s queues waited for runtime, summed over CPUs</source>
        <translation>cpu.stat throttled_usec：该组队列等待运行时间的时长，按所有 CPU 求和</translation>
    </message>
    <message>
        <source>nr_periods %1</source>
        <translation>nr_periods %1</translation>
    </message>
    <message>
        <source>cpu.stat: bandwidth periods while the limit was active</source>
        <translation>cpu.stat：限制生效期间的带宽周期数</translation>
    </message>
    <message>
        <source>nr_bursts %1</source>
        <translation>nr_bursts %1</translation>
    </message>
    <message>
        <source>cpu.stat: periods that used carried-over quota (cpu.max.burst)</source>
        <translation>cpu.stat：使用了结转配额的周期数（cpu.max.burst）</translation>
    </message>
    <message>
        <source> (from %1 on: the finer detail before was dropped to save memory)</source>
        <translation>（从 %1 起：之前的细节已为节省内存而丢弃）</translation>
    </message>
    <message>
        <source>CPU time %1</source>
        <translation>CPU 时间 %1</translation>
    </message>
    <message>
        <source>CPU time of the command&apos;s tasks (%1 in A, %2 in B), kernel work on their behalf included; a recording&apos;s threads and their simulations (comm-pid) counted as their command</source>
        <translation>该命令各任务的 CPU 时间（A 中 %1 个，B 中 %2 个），含内核为其所做的工作；录制中的线程及其模拟（comm-pid）计入其命令</translation>
    </message>
    <message>
        <source>switches %1</source>
        <translation>切换 %1</translation>
    </message>
    <message>
        <source>times one of the command&apos;s tasks was switched out</source>
        <translation>该命令的任务被切换出去的次数</translation>
    </message>
    <message numerus="yes">
        <source>CPU time, %n other command(s)</source>
        <translation>
            <numerusform>CPU 时间，其他 %n 个命令</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU time of the commands not listed one by one</source>
        <translation>未逐一列出的命令的 CPU 时间</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Not known: a recording of a real kernel does not count this (the simulator&apos;s own counters, its overhead, pressure, cpu.stat and channels), or a channel&apos;s messages over a stretch that does not start at 0</source>
        <translation>未知：真实内核的记录不统计此项（模拟器自身的计数器、开销、压力、cpu.stat 和通道），或不从 0 开始的时段内通道的消息</translation>
    </message>
</context>
<context>
    <name>ui::CompareSide</name>
    <message>
        <source>all optimizations off</source>
        <translation>全部优化关闭</translation>
    </message>
    <message>
        <source>all optimizations on</source>
        <translation>全部优化开启</translation>
    </message>
    <message>
        <source>on: %1</source>
        <translation>开启:%1</translation>
    </message>
    <message>
        <source>kernel %1</source>
        <translation>内核 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 on kernel %2: %n scenario setting(s) dropped (%3)</source>
        <translation>
            <numerusform>%1 使用内核 %2：已移除 %n 项场景设置（%3）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cannot run on kernel %2: %3</source>
        <translation>%1 无法在内核 %2 上运行：%3</translation>
    </message>
    <message>
        <source>Not a switch in kernel model %1: %2</source>
        <translation>在内核模型 %1 中不可切换：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1 — real run: %2 (%3, %n scheduler event(s))</source>
        <translation>
            <numerusform>%1 — 真实运行：%2（%3，%n 个调度事件）</numerusform>
        </translation>
    </message>
    <message>
        <source>Costs &amp;&amp; Machine</source>
        <translation>开销和机器</translation>
    </message>
    <message>
        <source>Run this side with measured costs or on another machine</source>
        <translation>以测得的开销或在另一台机器上运行这一侧</translation>
    </message>
    <message>
        <source>Costs from File...</source>
        <translation>从文件读取开销...</translation>
    </message>
    <message>
        <source>Machine from Host File...</source>
        <translation>从主机文件读取机器...</translation>
    </message>
    <message>
        <source>The Scenario&apos;s Own Costs and Machine</source>
        <translation>场景自身的开销和机器</translation>
    </message>
    <message>
        <source>%1 stays on the scenario&apos;s machine: %2</source>
        <translation>%1 仍在场景的机器上：%2</translation>
    </message>
    <message>
        <source>Costs for %1</source>
        <translation>%1 的开销</translation>
    </message>
    <message>
        <source>Machine for %1</source>
        <translation>%1 的机器</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot use the costs</source>
        <translation>无法使用这些开销</translation>
    </message>
    <message>
        <source>Cannot use the machine</source>
        <translation>无法使用这台机器</translation>
    </message>
    <message>
        <source>%1 keeps what it ran with.</source>
        <translation>%1 保持原有设置。</translation>
    </message>
    <message>
        <source>, costs %1</source>
        <translation>，开销 %1</translation>
    </message>
    <message numerus="yes">
        <source>, machine %1 (%n CPU(s))</source>
        <translation>
            <numerusform>，机器 %1（%n 个 CPU）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — kernel %2%3, %4</source>
        <translation>%1 — 内核 %2%3，%4</translation>
    </message>
</context>
<context>
    <name>ui::CompareWindow</name>
    <message>
        <source>Compare A/B: %1 - SchedScope</source>
        <translation>A/B 对比:%1 - SchedScope</translation>
    </message>
    <message>
        <source>A/B delta</source>
        <translation>A/B 差异</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Step &amp;100 ms</source>
        <translation>前进 100 毫秒(&amp;1)</translation>
    </message>
    <message>
        <source>Run to &amp;end</source>
        <translation>运行到结束(&amp;E)</translation>
    </message>
    <message>
        <source>Ctrl+End</source>
        <translation>Ctrl+End</translation>
    </message>
    <message>
        <source>R&amp;eset</source>
        <translation>重置(&amp;E)</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source> Speed </source>
        <translation> 速度 </translation>
    </message>
    <message>
        <source>&amp;Export Chart...</source>
        <translation>导出图表(&amp;E)...</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;All...</source>
        <translation>全部导出(&amp;A)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>A and B at 0 s</source>
        <translation>A 和 B 位于 0 秒</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>A at %1, B at %2</source>
        <translation>A 位于 %1,B 位于 %2</translation>
    </message>
    <message>
        <source>A and B at %1</source>
        <translation>A 和 B 位于 %1</translation>
    </message>
    <message>
        <source>Compare a real run with its simulation: %1 - SchedScope</source>
        <translation>对比真实运行与其模拟：%1 - SchedScope</translation>
    </message>
    <message>
        <source>The recording ran on %1 CPU(s), the scenario simulates %2: per-CPU figures and totals are not comparable.</source>
        <translation>记录运行在 %1 个 CPU 上，场景模拟 %2 个：每 CPU 数值和总数不可比较。</translation>
    </message>
    <message numerus="yes">
        <source>%n thing(s) the recording could not tell (hover to read)</source>
        <translation>
            <numerusform>录制无法说明的 %n 项（悬停查看）</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare two recordings: %1 and %2 - SchedScope</source>
        <translation>比较两个录制：%1 与 %2 - SchedScope</translation>
    </message>
    <message>
        <source>The recordings ran on %1 and %2 CPU(s): per-CPU figures and totals are not comparable.</source>
        <translation>两个录制分别运行在 %1 和 %2 个 CPU 上：每 CPU 数据与总量不可比较。</translation>
    </message>
    <message>
        <source>&amp;Query...</source>
        <translation>查询(&amp;Q)...</translation>
    </message>
    <message>
        <source>Query A and B</source>
        <translation>查询 A 和 B</translation>
    </message>
    <message>
        <source> Compare </source>
        <translation> 比较 </translation>
    </message>
    <message>
        <source>each whole</source>
        <translation>各自完整</translation>
    </message>
    <message>
        <source>at the same time</source>
        <translation>相同时间</translation>
    </message>
    <message>
        <source>the range in view</source>
        <translation>可见范围</translation>
    </message>
    <message>
        <source>Each side over all it has run; a recording from its first event to its last</source>
        <translation>每一侧按其已运行的全部；记录从第一个事件到最后一个</translation>
    </message>
    <message>
        <source>Both sides up to the same time since their start (the shorter one&apos;s end)</source>
        <translation>两侧都到自开始起的相同时间（较短一侧的结尾）</translation>
    </message>
    <message>
        <source>Both sides over the time range the timelines show (zoom to choose it)</source>
        <translation>两侧都按时间线显示的时间范围（缩放以选择）</translation>
    </message>
    <message>
        <source>%1 restarted on kernel %2 and runs back to %3.</source>
        <translation>%1 已在内核 %2 上重启，并运行回 %3。</translation>
    </message>
    <message>
        <source>%1 restarted on kernel %2.</source>
        <translation>%1 已在内核 %2 上重启。</translation>
    </message>
    <message>
        <source>each whole: A and B at %1</source>
        <translation>各自完整：A 和 B 在 %1</translation>
    </message>
    <message>
        <source>each whole: A to %1, B to %2</source>
        <translation>各自完整：A 到 %1，B 到 %2</translation>
    </message>
    <message>
        <source>from %1 to %2 of each</source>
        <translation>各自从 %1 到 %2</translation>
    </message>
</context>
<context>
    <name>ui::CounterModel</name>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Per second</source>
        <translation>每秒</translation>
    </message>
    <message>
        <source>CPU share</source>
        <translation>CPU 占比</translation>
    </message>
    <message>
        <source>events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>simulation events processed</source>
        <translation>已处理的模拟事件</translation>
    </message>
    <message>
        <source>context switches</source>
        <translation>上下文切换</translation>
    </message>
    <message>
        <source>every switch, to and from idle included (vmstat cs)</source>
        <translation>所有切换,包括切入和切出 idle(vmstat cs)</translation>
    </message>
    <message>
        <source>wakeups</source>
        <translation>唤醒</translation>
    </message>
    <message>
        <source>try_to_wake_up calls that woke a task</source>
        <translation>唤醒了任务的 try_to_wake_up 调用</translation>
    </message>
    <message>
        <source>wakeup preemptions</source>
        <translation>唤醒抢占</translation>
    </message>
    <message>
        <source>a woken task preempted the running one</source>
        <translation>被唤醒的任务抢占了正在运行的任务</translation>
    </message>
    <message>
        <source>tick preemptions</source>
        <translation>时钟节拍抢占</translation>
    </message>
    <message>
        <source>the tick ended a task&apos;s slice</source>
        <translation>时钟节拍结束了任务的时间片</translation>
    </message>
    <message>
        <source>migrations</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>tasks that changed CPU, all reasons (as perf counts cpu-migrations)</source>
        <translation>更换了 CPU 的任务,所有原因(按 perf 的 cpu-migrations 计数)</translation>
    </message>
    <message>
        <source>placements (fork)</source>
        <translation>放置（fork）</translation>
    </message>
    <message>
        <source>new tasks placed away from their parent&apos;s CPU (wake_up_new_task; not migrations)</source>
        <translation>新任务被放到父任务以外的 CPU 上(wake_up_new_task;不算迁移)</translation>
    </message>
    <message>
        <source>forks</source>
        <translation>fork</translation>
    </message>
    <message>
        <source>tasks created by fork actions</source>
        <translation>由 fork 动作创建的任务</translation>
    </message>
    <message>
        <source>fork failures</source>
        <translation>fork 失败</translation>
    </message>
    <message>
        <source>forks refused at the live-task limit</source>
        <translation>因存活任务上限而被拒绝的 fork</translation>
    </message>
    <message>
        <source>yields</source>
        <translation>让出</translation>
    </message>
    <message>
        <source>sched_yield calls</source>
        <translation>sched_yield 调用</translation>
    </message>
    <message>
        <source>exits</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>tasks that exited</source>
        <translation>已退出的任务</translation>
    </message>
    <message>
        <source>ticks</source>
        <translation>时钟节拍</translation>
    </message>
    <message>
        <source>scheduler ticks on busy CPUs</source>
        <translation>繁忙 CPU 上的调度器时钟节拍</translation>
    </message>
    <message>
        <source>idle CPU scans</source>
        <translation>空闲 CPU 扫描</translation>
    </message>
    <message>
        <source>CPUs examined by idle-CPU searches</source>
        <translation>空闲 CPU 搜索所检查的 CPU</translation>
    </message>
    <message>
        <source>balance attempts</source>
        <translation>负载均衡尝试</translation>
    </message>
    <message>
        <source>load_balance() calls past should_we_balance</source>
        <translation>通过 should_we_balance 的 load_balance() 调用</translation>
    </message>
    <message>
        <source>balance: balanced</source>
        <translation>负载均衡:已均衡</translation>
    </message>
    <message>
        <source>attempts that found nothing to do</source>
        <translation>无事可做的尝试</translation>
    </message>
    <message>
        <source>balance: failed</source>
        <translation>负载均衡:失败</translation>
    </message>
    <message>
        <source>attempts that found an imbalance but moved nothing</source>
        <translation>发现不均衡但未移动任何任务的尝试</translation>
    </message>
    <message>
        <source>balance: cache-hot skips</source>
        <translation>负载均衡:缓存热跳过</translation>
    </message>
    <message>
        <source>tasks left in place because cache-hot</source>
        <translation>因缓存热而保留原处的任务</translation>
    </message>
    <message>
        <source>active balances</source>
        <translation>主动均衡</translation>
    </message>
    <message>
        <source>running tasks pushed by the stopper</source>
        <translation>被 stopper 推走的运行中任务</translation>
    </message>
    <message>
        <source>nohz kicks</source>
        <translation>nohz 唤醒</translation>
    </message>
    <message>
        <source>idle CPUs kicked to balance for the others</source>
        <translation>被唤醒以替其他 CPU 做均衡的空闲 CPU</translation>
    </message>
    <message>
        <source>cpu clock reads</source>
        <translation>CPU 时钟读取</translation>
    </message>
    <message>
        <source>cpu_clock() reads (PSI and sched_move_task)</source>
        <translation>cpu_clock() 读取(PSI 和 sched_move_task)</translation>
    </message>
    <message>
        <source>psi group updates</source>
        <translation>PSI 组更新</translation>
    </message>
    <message>
        <source>psi_group_change calls</source>
        <translation>psi_group_change 调用</translation>
    </message>
    <message>
        <source>cpuacct adds</source>
        <translation>cpuacct 累加</translation>
    </message>
    <message>
        <source>cpuacct per-level usage and stats adds</source>
        <translation>cpuacct 每层用量和统计的累加</translation>
    </message>
    <message>
        <source>percpu counter folds</source>
        <translation>percpu 计数器合并</translation>
    </message>
    <message>
        <source>folds into the global count under the counter&apos;s spinlock</source>
        <translation>在计数器自旋锁下合并到全局计数</translation>
    </message>
    <message>
        <source>sched_move_task calls</source>
        <translation>sched_move_task 调用</translation>
    </message>
    <message>
        <source>including the ones the autogroup change skips</source>
        <translation>包括 autogroup 修改所跳过的调用</translation>
    </message>
    <message>
        <source>time in sched_move_task</source>
        <translation>sched_move_task 耗时</translation>
    </message>
    <message>
        <source>simulated time spent in sched_move_task</source>
        <translation>在 sched_move_task 中花费的模拟时间</translation>
    </message>
    <message>
        <source>lock wait</source>
        <translation>锁等待</translation>
    </message>
    <message>
        <source>time spent spinning on a held lock</source>
        <translation>在被持有的锁上自旋的时间</translation>
    </message>
    <message>
        <source>overhead: %1</source>
        <translation>开销:%1</translation>
    </message>
    <message>
        <source>RT throttles</source>
        <translation>RT 节流次数</translation>
    </message>
    <message>
        <source>times a CPU&apos;s RT tasks used up 950 ms of a 1 s period (v4.11, v6.6)</source>
        <translation>某 CPU 的 RT 任务用完 1 秒周期中 950 毫秒的次数（v4.11、v6.6）</translation>
    </message>
    <message>
        <source>fair server runs</source>
        <translation>公平服务器运行次数</translation>
    </message>
    <message>
        <source>times the fair deadline server ran fair tasks starved by RT (v6.12)</source>
        <translation>公平截止期服务器运行被 RT 饿死的公平任务的次数（v6.12）</translation>
    </message>
    <message>
        <source>%1
per second: %2</source>
        <translation>%1
每秒：%2</translation>
    </message>
    <message>
        <source>%1
per second: %2; CPU share: %3</source>
        <translation>%1
每秒：%2；CPU 占比：%3</translation>
    </message>
    <message>
        <source>At cursor</source>
        <translation>光标处</translation>
    </message>
</context>
<context>
    <name>ui::CountersPanel</name>
    <message>
        <source>Counters</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>&lt;b&gt;At the time cursor&lt;/b&gt;, %1 (the run is at %2; Esc clears the cursor)</source>
        <translation>&lt;b&gt;在时间光标处&lt;/b&gt;，%1（运行已到 %2；Esc 清除光标）</translation>
    </message>
    <message>
        <source>Totals up to %1</source>
        <translation>截至 %1 的总计</translation>
    </message>
</context>
<context>
    <name>ui::CpuMaxDialog</name>
    <message>
        <source>No limit (&quot;max&quot;)</source>
        <translation>不限制（“max”）</translation>
    </message>
    <message>
        <source>cpu.max of %1</source>
        <translation>%1 的 cpu.max</translation>
    </message>
    <message>
        <source>CPU time the cgroup may use per period, over all CPUs (more than the period means more than one CPU)</source>
        <translation>该 cgroup 每个周期在所有 CPU 上可用的 CPU 时间（大于周期表示多于一个 CPU）</translation>
    </message>
    <message>
        <source>Unused quota that may carry over to later periods (cpu.max.burst)</source>
        <translation>可结转到后续周期的未用配额（cpu.max.burst）</translation>
    </message>
    <message>
        <source>cpu.max.burst came with Linux 5.14; this kernel model has none</source>
        <translation>cpu.max.burst 自 Linux 5.14 起提供；此内核模型没有</translation>
    </message>
    <message>
        <source>Quota:</source>
        <translation>配额：</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>周期：</translation>
    </message>
    <message>
        <source>Burst:</source>
        <translation>突发：</translation>
    </message>
</context>
<context>
    <name>ui::DepthChart</name>
    <message>
        <source>PSI cost versus cgroup depth (perfpipe, psi_direct_iteration)</source>
        <translation>PSI 开销与 cgroup 深度(perfpipe,psi_direct_iteration)</translation>
    </message>
    <message>
        <source>cached parent pointer (change off)</source>
        <translation>缓存父指针(修改关闭)</translation>
    </message>
    <message>
        <source>direct cgroup walk (change on)</source>
        <translation>直接遍历 cgroup(修改开启)</translation>
    </message>
    <message>
        <source>PSI off</source>
        <translation>PSI 关闭</translation>
    </message>
    <message>
        <source>cgroup levels below the root</source>
        <translation>根以下的 cgroup 层数</translation>
    </message>
    <message>
        <source>round trips per simulated second</source>
        <translation>每模拟秒往返次数</translation>
    </message>
    <message>
        <source>PSI cost versus cgroup depth (perfpipe round trips per simulated second)</source>
        <translation>PSI 开销与 cgroup 深度(perfpipe 每模拟秒往返次数)</translation>
    </message>
    <message>
        <source>change off</source>
        <translation>修改关闭</translation>
    </message>
    <message>
        <source>change on</source>
        <translation>修改开启</translation>
    </message>
    <message>
        <source>round trips/s</source>
        <translation>往返次数/秒</translation>
    </message>
</context>
<context>
    <name>ui::DepthPage</name>
    <message>
        <source>Run sweep again</source>
        <translation>重新运行扫描</translation>
    </message>
    <message>
        <source>perfpipe, %1 round trips per point, at %2 depths; each point runs three engines.</source>
        <translation>perfpipe,每个点 %1 次往返,共 %2 个深度;每个点运行三个引擎。</translation>
    </message>
    <message>
        <source>The direct walk gains while the hierarchy stays in cache and loses beyond; PSI off is the ceiling.</source>
        <translation>层级仍在缓存中时直接遍历更快,超出后变慢;PSI 关闭为上限。</translation>
    </message>
    <message>
        <source>Running the sweep...</source>
        <translation>正在运行扫描...</translation>
    </message>
</context>
<context>
    <name>ui::DetailPanel</name>
    <message>
        <source>Click a slice in the occupancy timeline, or a migration in the Migrations table, to see its details here.</source>
        <translation>单击占用时间线中的片段或迁移表中的迁移，在此查看详情。</translation>
    </message>
    <message>
        <source>the idle task or the stopper</source>
        <translation>空闲任务或 stopper</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Kernel overhead</source>
        <translation>内核开销</translation>
    </message>
    <message>
        <source>on behalf of no task (balancing, idle entry)</source>
        <translation>不代表任何任务（负载均衡、进入空闲）</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
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
        <translation>开始</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>still running at %1</source>
        <translation>在 %1 时仍在运行</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>持续时间</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>切换</translation>
    </message>
    <message>
        <source>not held for this time (older history is kept at reduced resolution)</source>
        <translation>此时间段未保存（较早的历史以较低分辨率保存）</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>%1 runnable before it ran (since %2; perf sched timehist: sch delay)</source>
        <translation>运行前可运行等待 %1（自 %2 起；perf sched timehist：sch delay）</translation>
    </message>
    <message>
        <source>Switched in</source>
        <translation>换入</translation>
    </message>
    <message>
        <source>replacing %1</source>
        <translation>替换 %1</translation>
    </message>
    <message>
        <source>preempted by %1 (still runnable)</source>
        <translation>被 %1 抢占（仍可运行）</translation>
    </message>
    <message>
        <source>exited; %1 ran next</source>
        <translation>已退出；随后运行 %1</translation>
    </message>
    <message>
        <source>a timer</source>
        <translation>定时器</translation>
    </message>
    <message>
        <source>a message on channel %1</source>
        <translation>通道 %1 上的消息</translation>
    </message>
    <message>
        <source>room on channel %1 (it was full)</source>
        <translation>通道 %1 的空位（通道已满）</translation>
    </message>
    <message>
        <source>its children</source>
        <translation>其子进程</translation>
    </message>
    <message>
        <source>an unrecorded reason</source>
        <translation>未记录的原因</translation>
    </message>
    <message>
        <source>blocked (%1) waiting for %2; %3 ran next</source>
        <translation>阻塞（%1），等待 %2；随后运行 %3</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>结束方式</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>随后</translation>
    </message>
    <message>
        <source>migrated %1 → %2 at %3 (%4)</source>
        <translation>在 %3 从 %1 → %2 迁移（%4）</translation>
    </message>
    <message>
        <source>Next ran</source>
        <translation>下次运行</translation>
    </message>
    <message>
        <source>%1 later, at %2</source>
        <translation>%1 之后，在 %2</translation>
    </message>
    <message>
        <source>%1 was idle at %2.</source>
        <translation>%1 在 %2 时空闲。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Migration&lt;/b&gt; of %1: %2 → %3 at %4 (%5)&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 的&lt;b&gt;迁移&lt;/b&gt;：%2 → %3，时间 %4（%5）&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Before&lt;/b&gt;, on the source CPU:&lt;/p&gt;</source>
        <translation>&lt;p&gt;源 CPU 上&lt;b&gt;之前&lt;/b&gt;：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;not held in the history&lt;/p&gt;</source>
        <translation>&lt;p&gt;历史中未保存&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;After&lt;/b&gt;, on the target CPU:&lt;/p&gt;</source>
        <translation>&lt;p&gt;目标 CPU 上&lt;b&gt;之后&lt;/b&gt;：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;not run there yet&lt;/p&gt;</source>
        <translation>&lt;p&gt;尚未在那里运行&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>调度类</translation>
    </message>
    <message>
        <source>RT, %1 priority %2 (runs before every fair task)</source>
        <translation>RT，%1 优先级 %2（先于所有公平任务运行）</translation>
    </message>
    <message>
        <source>fair, %1</source>
        <translation>公平，%1</translation>
    </message>
    <message>
        <source>The thread states of %1 are not built yet.</source>
        <translation>%1 的线程状态尚未生成。</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> 在 %1 上</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 was &lt;b&gt;%2&lt;/b&gt;%3 from %4 to %5 (%6).&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 从 %4 到 %5 (%6) 处于&lt;b&gt;%2&lt;/b&gt;%3。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Why did it wait?&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;为什么等待？&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ui::Documents</name>
    <message>
        <source>Open trace</source>
        <translation>打开跟踪</translation>
    </message>
    <message>
        <source>Open sweep results: the sweep.json of a results folder</source>
        <translation>打开扫描结果：结果文件夹中的 sweep.json</translation>
    </message>
    <message>
        <source>Sweep results (sweep.json);;All files (*)</source>
        <translation>扫描结果 (sweep.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Trace of a real run of this scenario</source>
        <translation>此场景一次真实运行的跟踪</translation>
    </message>
    <message>
        <source>Another recording to compare this one with</source>
        <translation>要与此录制比较的另一个录制</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>The session cannot be saved: %1</source>
        <translation>无法保存会话:%1</translation>
    </message>
    <message>
        <source>Save session as scenario</source>
        <translation>将会话另存为场景</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message numerus="yes">
        <source>Saved the session with %n live action(s) to %1</source>
        <translation>
            <numerusform>已将包含 %n 个实时操作的会话保存到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>导出跟踪</translation>
    </message>
    <message>
        <source>The trace cannot be written: %1</source>
        <translation>无法写入跟踪:%1</translation>
    </message>
    <message>
        <source>Perfetto trace (*.pftrace)</source>
        <translation>Perfetto 跟踪 (*.pftrace)</translation>
    </message>
    <message>
        <source>Trace event JSON (*.json)</source>
        <translation>Trace Event JSON (*.json)</translation>
    </message>
    <message>
        <source>Export trace for Perfetto</source>
        <translation>为 Perfetto 导出跟踪</translation>
    </message>
    <message>
        <source>Wrote %1; open it in ui.perfetto.dev</source>
        <translation>已写入 %1;请在 ui.perfetto.dev 中打开</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>%1 was not opened; the current session goes on.</source>
        <translation>未打开 %1;当前会话继续进行。</translation>
    </message>
    <message>
        <source>Opened the rt-app workload %1 as a scenario (%2 warnings). Space runs it.</source>
        <translation>已将 rt-app 负载 %1 作为场景打开（%2 条警告）。按空格运行。</translation>
    </message>
    <message>
        <source>rt-app workload</source>
        <translation>rt-app 负载</translation>
    </message>
    <message>
        <source>Some of %1 could not be represented exactly:</source>
        <translation>%1 的部分内容无法精确表示：</translation>
    </message>
    <message>
        <source>%1 - SchedScope</source>
        <translation>%1 - SchedScope</translation>
    </message>
    <message>
        <source>Opened %1. Space runs it.</source>
        <translation>已打开 %1。按空格键运行。</translation>
    </message>
    <message>
        <source>Opening the trace was cancelled; the current session goes on.</source>
        <translation>打开跟踪已取消；当前会话继续。</translation>
    </message>
    <message>
        <source>Cannot open trace</source>
        <translation>无法打开跟踪</translation>
    </message>
    <message>
        <source>The trace was not opened; the current session goes on.</source>
        <translation>跟踪未打开；当前会话继续。</translation>
    </message>
    <message>
        <source>Another trace is being read.</source>
        <translation>正在读取另一个跟踪。</translation>
    </message>
    <message>
        <source>%1 (real trace) - SchedScope</source>
        <translation>%1（真实跟踪）- SchedScope</translation>
    </message>
    <message>
        <source>Trace warnings</source>
        <translation>跟踪警告</translation>
    </message>
    <message>
        <source>%1 has gaps or oddities the views cannot show by themselves:</source>
        <translation>%1 存在视图本身无法显示的缺口或异常：</translation>
    </message>
    <message>
        <source>Compare with a real run</source>
        <translation>与真实运行比较</translation>
    </message>
    <message>
        <source>Cannot simulate the recording</source>
        <translation>无法模拟该录制</translation>
    </message>
    <message>
        <source>Its workload could not be written as a scenario; the current session goes on.</source>
        <translation>其负载无法写成场景；当前会话继续。</translation>
    </message>
    <message>
        <source>Compare two recordings</source>
        <translation>比较两个录制</translation>
    </message>
    <message>
        <source>Cannot open sweep results</source>
        <translation>无法打开扫描结果</translation>
    </message>
    <message>
        <source>The comparison was not opened; the current session goes on.</source>
        <translation>未打开对比；当前会话继续。</translation>
    </message>
    <message>
        <source>Scheduler traces (%1);;All files (*)</source>
        <translation>调度器跟踪 (%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Everything SchedScope opens (*.json %1)</source>
        <translation>SchedScope 可打开的全部 (*.json %1)</translation>
    </message>
    <message>
        <source>Scenarios and rt-app workloads (*.json)</source>
        <translation>场景和 rt-app 负载 (*.json)</translation>
    </message>
    <message>
        <source>Recordings (%1)</source>
        <translation>记录 (%1)</translation>
    </message>
    <message>
        <source>Sweep results (sweep.json)</source>
        <translation>扫描结果 (sweep.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Open a scenario, a recording or sweep results</source>
        <translation>打开场景、记录或扫描结果</translation>
    </message>
    <message>
        <source>Cannot open the folder</source>
        <translation>无法打开文件夹</translation>
    </message>
    <message>
        <source>Opened the trace %1 (%2): %3 scheduler events, %4 lost, %5 warnings; time 0 is %6 in the trace.</source>
        <translation>已打开跟踪 %1（%2）：%3 个调度事件，丢失 %4 个，%5 条警告；时间 0 为跟踪中的 %6。</translation>
    </message>
    <message>
        <source>Opened %1 and ran it to its end.</source>
        <translation>已打开 %1 并运行到结束。</translation>
    </message>
    <message>
        <source>%1: expected a sweep&apos;s results folder (with a sweep.json) or a record folder (with a record.json); found neither.</source>
        <translation>%1：应为扫描结果文件夹（含 sweep.json）或录制文件夹（含 record.json）；两者都未找到。</translation>
    </message>
</context>
<context>
    <name>ui::ExportAllDialog</name>
    <message>
        <source>Export all charts</source>
        <translation>导出所有图表</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>浏览(&amp;B)...</translation>
    </message>
    <message>
        <source>Export into</source>
        <translation>导出到</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F):</translation>
    </message>
    <message>
        <source>Formats:</source>
        <translation>格式:</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S):</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>分辨率(&amp;R):</translation>
    </message>
    <message>
        <source>One file per view and format: charts as images, tables and timelines as CSV. Files of the same name are replaced.</source>
        <translation>每个视图和格式一个文件:图表为图像,表格和时间线为 CSV。同名文件将被替换。</translation>
    </message>
</context>
<context>
    <name>ui::ExportDialog</name>
    <message>
        <source>Draw the title above the chart</source>
        <translation>在图表上方绘制标题</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG vector image</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source>CSV data</source>
        <translation>CSV 数据</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>PNG: pixels are the size times dpi/96. SVG and PDF record it.</source>
        <translation>PNG:像素数为尺寸乘以 dpi/96。SVG 和 PDF 会记录该值。</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>浏览(&amp;B)...</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S):</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>分辨率(&amp;R):</translation>
    </message>
    <message>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I):</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
</context>
<context>
    <name>ui::ExportRegistry</name>
    <message>
        <source>Export as &amp;PNG...</source>
        <translation>导出为 PNG(&amp;P)...</translation>
    </message>
    <message>
        <source>Export as &amp;SVG...</source>
        <translation>导出为 SVG(&amp;S)...</translation>
    </message>
    <message>
        <source>Export as P&amp;DF...</source>
        <translation>导出为 PDF(&amp;D)...</translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation>复制图像(&amp;C)</translation>
    </message>
    <message>
        <source>Export data as &amp;CSV...</source>
        <translation>将数据导出为 CSV(&amp;C)...</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Copied %1 to the clipboard</source>
        <translation>已将 %1 复制到剪贴板</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>Export all charts</source>
        <translation>导出所有图表</translation>
    </message>
    <message>
        <source>No format was chosen; nothing was written.</source>
        <translation>未选择格式;未写入任何文件。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be written; %1 were.</source>
        <translation>
            <numerusform>%n 个文件无法写入;已写入 %1 个。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n file(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个文件写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Waiting for the views to finish computing...</source>
        <translation>正在等待视图完成计算……</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
</context>
<context>
    <name>ui::Help</name>
    <message>
        <source>Scenario format - SchedScope</source>
        <translation>场景格式 - SchedScope</translation>
    </message>
    <message>
        <source>The scenario format reference is missing.</source>
        <translation>缺少场景格式参考文档。</translation>
    </message>
    <message>
        <source>About SchedScope</source>
        <translation>关于 SchedScope</translation>
    </message>
    <message>
        <source>SchedScope Guide</source>
        <translation>SchedScope 指南</translation>
    </message>
    <message>
        <source>:/docs/guide.md</source>
        <translation>:/docs/guide.md</translation>
    </message>
    <message>
        <source>The guide is missing.</source>
        <translation>缺少指南。</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Left, Right</source>
        <translation>左、右</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>Page Up, Page Down</source>
        <translation>Page Up、Page Down</translation>
    </message>
    <message>
        <source>Scroll the CPU lanes</source>
        <translation>滚动 CPU 通道</translation>
    </message>
    <message>
        <source>Ctrl+Wheel</source>
        <translation>Ctrl+滚轮</translation>
    </message>
    <message>
        <source>Zoom about the mouse</source>
        <translation>以鼠标为中心缩放</translation>
    </message>
    <message>
        <source>Shift+Wheel</source>
        <translation>Shift+滚轮</translation>
    </message>
    <message>
        <source>Wheel</source>
        <translation>滚轮</translation>
    </message>
    <message>
        <source>Scroll the CPU lanes, or zoom when they all fit</source>
        <translation>滚动 CPU 通道；全部可见时缩放</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Set the time cursor, pick the slice under it</source>
        <translation>设置时间光标，选中其下的片段</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Click a core&apos;s label</source>
        <translation>单击核心的标签</translation>
    </message>
    <message>
        <source>Collapse or expand it</source>
        <translation>折叠或展开</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts - SchedScope</source>
        <translation>键盘快捷键 - SchedScope</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shift+Click</source>
        <translation>Shift+单击</translation>
    </message>
    <message>
        <source>Set marker B: the time from the cursor (A) to B is shown</source>
        <translation>设置标记 B：显示从光标（A）到 B 的时间</translation>
    </message>
    <message>
        <source>&lt;h3&gt;SchedScope %1&lt;/h3&gt;&lt;p&gt;Simulates the Linux CPU scheduler on three kernel models: v4.11 (CFS) and v6.6 and v6.12 (EEVDF, v6.12 with delayed dequeue and the fair deadline server; v6.12 is the default), each with cgroups and bandwidth control, the RT class, wakeup placement, SMT-aware load balancing, PSI and cpuacct, and a kernel overhead cost model. It opens real recordings (perf, ftrace, trace-cmd) and checks itself against this machine&apos;s kernel.&lt;/p&gt;&lt;p&gt;The five kernel changes it can switch live, from their mailing-list threads:&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;Built with Qt %3. F1 opens the guide.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;SchedScope %1&lt;/h3&gt;&lt;p&gt;在三个内核模型上模拟 Linux CPU 调度器：v4.11（CFS）以及 v6.6 和 v6.12（EEVDF，v6.12 带延迟出队和公平截止期服务器；默认为 v6.12），均包含 cgroup 与带宽控制、RT 调度类、唤醒放置、感知 SMT 的负载均衡、PSI 和 cpuacct，以及内核开销成本模型。它可打开真实记录（perf、ftrace、trace-cmd），并以本机内核检验自身。&lt;/p&gt;&lt;p&gt;可实时切换的五项内核改动，出自其邮件列表讨论：&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;基于 Qt %3 构建。F1 打开指南。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ui::KernelText</name>
    <message>
        <source>new</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>runnable</source>
        <translation>可运行</translation>
    </message>
    <message>
        <source>sleeping</source>
        <translation>睡眠</translation>
    </message>
    <message>
        <source>iowait</source>
        <translation>等待 I/O</translation>
    </message>
    <message>
        <source>memstall</source>
        <translation>内存停顿</translation>
    </message>
    <message>
        <source>dead</source>
        <translation>已退出</translation>
    </message>
    <message>
        <source>wakeup</source>
        <translation>唤醒</translation>
    </message>
    <message>
        <source>periodic</source>
        <translation>周期</translation>
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
        <translation>主动</translation>
    </message>
    <message>
        <source>affinity</source>
        <translation>亲和性</translation>
    </message>
    <message>
        <source>move</source>
        <translation>移动</translation>
    </message>
    <message>
        <source>Read the CPU clock once per task change or switch and stamp every PSI group level with it, instead of one clock read per cgroup level visited.</source>
        <translation>每次任务变更或切换只读取一次 CPU 时钟，并用它标记每一层 PSI 组，而不是在访问的每一层 cgroup 各读一次时钟。</translation>
    </message>
    <message>
        <source>Walk PSI groups through the cgroups&apos; own parent links instead of a cached parent pointer: fewer instructions per level, but more cache misses in deep hierarchies.</source>
        <translation>通过 cgroup 自身的父链接遍历 PSI 组，而不是缓存的父指针：每层指令更少，但深层级中缓存未命中更多。</translation>
    </message>
    <message>
        <source>sched_move_task returns early when the task&apos;s effective group does not change, skipping the dequeue/enqueue on every exit of a task in a non-root cgroup.</source>
        <translation>当任务的有效组不变时 sched_move_task 提前返回，省去非根 cgroup 中每个任务退出时的出队/入队。</translation>
    </message>
    <message>
        <source>Scale the cpuacct stats counter batch by one jiffy of cputime, so adds stay per-CPU instead of taking the counter&apos;s global spinlock on every context switch.</source>
        <translation>按一个 jiffy 的 CPU 时间放大 cpuacct 统计计数器的批量，使累加保持在每个 CPU 上，而不是每次上下文切换都获取计数器的全局自旋锁。</translation>
    </message>
    <message>
        <source>The load balancer force-pulls from a busier sibling group only when it runs more than one task more than the local group, ending task ping-pong between cores.</source>
        <translation>只有当更忙的兄弟组比本地组多运行一个以上任务时，负载均衡器才强制从中拉取任务，从而结束任务在核心间的来回迁移。</translation>
    </message>
    <message>
        <source>running on cpu%1</source>
        <translation>在 cpu%1 上运行</translation>
    </message>
    <message>
        <source>no event (the run has not started)</source>
        <translation>无事件（运行尚未开始）</translation>
    </message>
    <message>
        <source>cpu%1 continues its task&apos;s program</source>
        <translation>cpu%1 继续其任务的程序</translation>
    </message>
    <message>
        <source>scheduler tick on cpu%1</source>
        <translation>cpu%1 上的调度器时钟中断</translation>
    </message>
    <message>
        <source>timer of %1 expired (sleep, I/O or stall ends)</source>
        <translation>%1 的定时器到期（睡眠、I/O 或停顿结束）</translation>
    </message>
    <message>
        <source>%1 starts</source>
        <translation>%1 启动</translation>
    </message>
    <message>
        <source>timeline entry %1 applied</source>
        <translation>已应用时间线条目 %1</translation>
    </message>
    <message>
        <source>PSI averaging work of group %1</source>
        <translation>组 %1 的 PSI 平均计算</translation>
    </message>
    <message>
        <source>Executed at %1: %2</source>
        <translation>在 %1 执行：%2</translation>
    </message>
    <message>
        <source>CFS (vruntime, sched_latency slices, tick preemption) and the v4.11 load balancer</source>
        <translation>CFS（vruntime、sched_latency 时间片、时钟中断抢占）与 v4.11 负载均衡器</translation>
    </message>
    <message>
        <source>merged in v5.13: always on in this model</source>
        <translation>已在 v5.13 合入：此模型中始终开启</translation>
    </message>
    <message>
        <source>v6.12 reads the clock inside every group&apos;s update again (the fix for bogus pressure spikes): always off in this model</source>
        <translation>v6.12 又在每个组的更新中读取时钟（修复虚假压力尖峰）：此模型中始终关闭</translation>
    </message>
    <message>
        <source>cpuacct statistics are per-CPU without a shared counter since v3.x: no global lock to batch, always on in this model</source>
        <translation>自 v3.x 起 cpuacct 统计按 CPU 保存、无共享计数器：没有需要批处理的全局锁，此模型中始终开启</translation>
    </message>
    <message>
        <source>part of the load balancer since v4.14: always on in this model</source>
        <translation>自 v4.14 起属于负载均衡器：此模型中始终开启</translation>
    </message>
    <message>
        <source>cpu.max period of %1: quota refilled</source>
        <translation>%1 的 cpu.max 周期：配额已补充</translation>
    </message>
    <message>
        <source>cpu.max slack timer of %1: returned runtime handed out</source>
        <translation>%1 的 cpu.max 松弛定时器：已分发归还的运行时间</translation>
    </message>
    <message>
        <source>The period must be 1 to 1000 ms; the kernel refuses %1 ms.</source>
        <translation>周期必须为 1 到 1000 毫秒；内核拒绝 %1 毫秒。</translation>
    </message>
    <message>
        <source>The quota must be at least 1 ms; the kernel refuses %1 ms.</source>
        <translation>配额必须至少为 1 毫秒；内核拒绝 %1 毫秒。</translation>
    </message>
    <message>
        <source>The burst (%1 ms) must not be larger than the quota (%2 ms).</source>
        <translation>突发（%1 毫秒）不得大于配额（%2 毫秒）。</translation>
    </message>
    <message>
        <source>The burst must not be negative.</source>
        <translation>突发不得为负。</translation>
    </message>
    <message>
        <source>RT period timer: RT run time paid back, throttled CPUs released</source>
        <translation>RT 周期定时器：归还 RT 运行时间，释放被节流的 CPU</translation>
    </message>
    <message>
        <source>fair deadline server timer of cpu%1</source>
        <translation>cpu%1 的公平截止期服务器定时器</translation>
    </message>
    <message>
        <source>rt_push</source>
        <translation>RT 推送</translation>
    </message>
    <message>
        <source>rt_pull</source>
        <translation>RT 拉取</translation>
    </message>
    <message>
        <source>EEVDF fair class as merged in v6.6, the v5.5+ load balancer with 6.6&apos;s SMT balance, RT throttling</source>
        <translation>v6.6 合入的 EEVDF 公平调度类，v5.5 起的负载均衡器（含 6.6 的 SMT 均衡），RT 节流</translation>
    </message>
    <message>
        <source>EEVDF with DELAY_DEQUEUE, PREEMPT_SHORT and per-task slices, the v6.6 load balancer, the fair deadline server</source>
        <translation>带 DELAY_DEQUEUE、PREEMPT_SHORT 和按任务时间片的 EEVDF，v6.6 负载均衡器，公平截止期服务器</translation>
    </message>
    <message>
        <source>cpu%1 has done the kernel work of a wakeup and switches</source>
        <translation>cpu%1 完成了唤醒的内核工作并切换任务</translation>
    </message>
    <message>
        <source>EEVDF as in v6.18: slice protection up to the shortest queued slice, PICK_BUDDY, a 0.70 ms base slice, a fair server that stops lazily</source>
        <translation>v6.18 的 EEVDF：时间片保护至队列中最短的时间片、PICK_BUDDY、0.70 ms 基础时间片、延迟停止的公平服务器</translation>
    </message>
    <message>
        <source>v6.17 reads the clock once per task change again, for every group, under one per-CPU sequence count: always on in this model</source>
        <translation>v6.17 再次在每次任务切换时读取一次时钟，对每个组都如此，并由每 CPU 的一个序列计数保护：此模型中始终开启</translation>
    </message>
    <message>
        <source>merged in v6.4, reverted in v6.14: always off in this model</source>
        <translation>v6.4 合入，v6.14 撤销：此模型中始终关闭</translation>
    </message>
</context>
<context>
    <name>ui::Language</name>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
</context>
<context>
    <name>ui::LatencyHistogramPlot</name>
    <message>
        <source>waits</source>
        <translation>等待次数</translation>
    </message>
    <message>
        <source>no waits in this range</source>
        <translation>此范围内没有等待</translation>
    </message>
    <message>
        <source>Wait for a CPU: %1 (%2)</source>
        <translation>等待 CPU：%1（%2）</translation>
    </message>
    <message>
        <source>wait for a CPU (a bar: from its value to twice it)</source>
        <translation>等待 CPU（一个柱：从其值到两倍）</translation>
    </message>
    <message numerus="yes">
        <source>%n wait(s)</source>
        <translation>
            <numerusform>%n 次等待</numerusform>
        </translation>
    </message>
    <message>
        <source>max</source>
        <translation>最快</translation>
    </message>
</context>
<context>
    <name>ui::LatencyPage</name>
    <message>
        <source>per task</source>
        <translation>按任务</translation>
    </message>
    <message>
        <source>per cgroup</source>
        <translation>按 cgroup</translation>
    </message>
    <message>
        <source>after wakeups only</source>
        <translation>仅唤醒之后</translation>
    </message>
    <message>
        <source>view range</source>
        <translation>视图范围</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>整个运行</translation>
    </message>
    <message>
        <source>Waits for a CPU</source>
        <translation>等待 CPU</translation>
    </message>
    <message>
        <source>Wait for a CPU</source>
        <translation>等待 CPU</translation>
    </message>
    <message>
        <source>From the trace&apos;s sched_switch records: each wait runs from sched_waking (or the preemption) to the switch in, as perf sched latency counts them.</source>
        <translation>来自跟踪的 sched_switch 记录：每次等待从 sched_waking（或抢占）到切换进入，与 perf sched latency 的计数方式相同。</translation>
    </message>
    <message>
        <source>From the simulation&apos;s switch records: each wait runs from the wakeup (or the preemption) to the switch in.</source>
        <translation>来自模拟的切换记录：每次等待从唤醒（或抢占）到切换进入。</translation>
    </message>
    <message>
        <source>Older switch records were compacted away; the figures start at %1.</source>
        <translation>较早的切换记录已被压缩；数据从 %1 开始。</translation>
    </message>
    <message>
        <source>all tasks</source>
        <translation>所有任务</translation>
    </message>
    <message>
        <source>Double-click a row to go to its longest wait</source>
        <translation>双击一行可跳转到其最长等待</translation>
    </message>
    <message>
        <source>every wait</source>
        <translation>所有等待</translation>
    </message>
    <message>
        <source>Every wait, as perf sched latency counts them: from the wakeup or the preemption to the switch in</source>
        <translation>所有等待，按 perf sched latency 的计法：从唤醒或被抢占到切换进来</translation>
    </message>
    <message>
        <source>Only the waits after a sleep, from the wakeup to the switch in (a preempted task&apos;s are left out)</source>
        <translation>仅睡眠之后的等待：从唤醒到切换进来（不含被抢占任务的等待）</translation>
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
        <translation>任务</translation>
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
        <translation>等待次数</translation>
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
        <translation>最大</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>When the longest wait began; double-click the row to go there</source>
        <translation>最长等待开始的时间；双击该行可跳转过去</translation>
    </message>
    <message>
        <source>Double-click: go to the longest wait, its wakeup chain listed</source>
        <translation>双击：跳转到最长等待，并列出其唤醒链</translation>
    </message>
    <message>
        <source>Max at</source>
        <translation>最大值时刻</translation>
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
        <translation>拓扑(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Pressure</source>
        <translation>压力(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Migrations</source>
        <translation>迁移(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Depth</source>
        <translation>深度(&amp;D)</translation>
    </message>
    <message>
        <source>Not done: %1</source>
        <translation>未执行:%1</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>计数器</translation>
    </message>
    <message>
        <source>Cgroups</source>
        <translation>Cgroup</translation>
    </message>
    <message>
        <source>Optimizations</source>
        <translation>优化</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>打开(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Built-in...</source>
        <translation>打开内置场景(&amp;B)...</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save Session as Scenario...</source>
        <translation>将会话另存为场景(&amp;S)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>&amp;Export Chart...</source>
        <translation>导出图表(&amp;E)...</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;All Charts...</source>
        <translation>导出所有图表(&amp;A)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export &amp;Table as CSV</source>
        <translation>将表格导出为 CSV(&amp;T)</translation>
    </message>
    <message>
        <source>Export T&amp;race for Perfetto...</source>
        <translation>为 Perfetto 导出跟踪(&amp;R)...</translation>
    </message>
    <message>
        <source>&amp;Compare A/B...</source>
        <translation>A/B 对比(&amp;C)...</translation>
    </message>
    <message>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>模拟(&amp;S)</translation>
    </message>
    <message>
        <source>Step one &amp;event</source>
        <translation>单步一个事件(&amp;E)</translation>
    </message>
    <message>
        <source>Step one &amp;tick</source>
        <translation>单步一个时钟节拍(&amp;T)</translation>
    </message>
    <message>
        <source>Step &amp;10 ms</source>
        <translation>前进 10 毫秒(&amp;1)</translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <source>Run &amp;to...</source>
        <translation>运行到(&amp;T)...</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>R&amp;eset</source>
        <translation>重置(&amp;E)</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Follow the present</source>
        <translation>跟随当前时间(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Clear time cursor</source>
        <translation>清除时间光标(&amp;C)</translation>
    </message>
    <message>
        <source>Clear &amp;selection</source>
        <translation>清除选择(&amp;S)</translation>
    </message>
    <message>
        <source>History &amp;memory cap...</source>
        <translation>历史内存上限(&amp;M)...</translation>
    </message>
    <message>
        <source>History memory cap</source>
        <translation>历史内存上限</translation>
    </message>
    <message>
        <source>Memory for the recorded history, in MB. Beyond it older history is kept at reduced resolution, then dropped.</source>
        <translation>记录历史所用的内存,单位 MB。超出后较早的历史以较低分辨率保留,随后丢弃。</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Zoom to &amp;Whole Run</source>
        <translation>显示整个运行(&amp;W)</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Scenario Format</source>
        <translation>场景格式(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;About SchedScope</source>
        <translation>关于 SchedScope(&amp;A)</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source> Speed </source>
        <translation> 速度 </translation>
    </message>
    <message>
        <source>Simulated time per wall second, from slow motion to as fast as possible</source>
        <translation>每个真实秒对应的模拟时间,从慢动作到尽可能快</translation>
    </message>
    <message>
        <source>Run to</source>
        <translation>运行到</translation>
    </message>
    <message>
        <source>Expected a duration, %1</source>
        <translation>需要一个时长,%1</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>SchedScope will use %1 the next time it starts.</source>
        <translation>SchedScope 将在下次启动时使用%1。</translation>
    </message>
    <message>
        <source>Simulated time (e.g. 2.5s, 300ms). A time already run puts the cursor there:</source>
        <translation>模拟时间（如 2.5s、300ms）。已运行过的时间会把光标放到那里：</translation>
    </message>
    <message>
        <source>The run is past %1: the cursor is there now</source>
        <translation>运行已超过 %1：光标现在位于该处</translation>
    </message>
    <message>
        <source>D&amp;etails</source>
        <translation>详情(&amp;E)</translation>
    </message>
    <message>
        <source>Kernel &amp;Model</source>
        <translation>内核模型(&amp;M)</translation>
    </message>
    <message>
        <source>Kernel model</source>
        <translation>内核模型</translation>
    </message>
    <message>
        <source>The scenario cannot run on kernel model %1: %2. The current session goes on.</source>
        <translation>该场景无法在内核模型 %1 上运行：%2。当前会话继续。</translation>
    </message>
    <message>
        <source>Restarted on kernel model %1.</source>
        <translation>已在内核模型 %1 上重新启动。</translation>
    </message>
    <message>
        <source>&amp;Latency</source>
        <translation>延迟(&amp;L)</translation>
    </message>
    <message>
        <source>Open &amp;Trace...</source>
        <translation>打开跟踪(&amp;T)...</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Compare with a Real &amp;Run...</source>
        <translation>与真实运行对比(&amp;R)...</translation>
    </message>
    <message>
        <source>Go to &amp;Start</source>
        <translation>转到开始(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>指南(&amp;G)</translation>
    </message>
    <message>
        <source>A recording carries no pressure (PSI) figures: /proc/pressure is not traced.</source>
        <translation>记录不含压力（PSI）数据：/proc/pressure 未被跟踪。</translation>
    </message>
    <message>
        <source>The depth sweep is a simulation of its own; it does not apply to a recording.</source>
        <translation>深度扫描是单独的模拟，不适用于记录。</translation>
    </message>
    <message>
        <source>&amp;Simulate This Recording</source>
        <translation>模拟此录制(&amp;S)</translation>
    </message>
    <message>
        <source>The recorded workload as a scenario, simulated beside the recording in Compare A/B</source>
        <translation>将录制的负载写成场景，在 A/B 对比中与录制并排模拟</translation>
    </message>
    <message>
        <source>Compare with Another Recor&amp;ding...</source>
        <translation>与另一个录制比较(&amp;D)...</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Pan Left</source>
        <translation>向左平移(&amp;P)</translation>
    </message>
    <message>
        <source>Pa&amp;n Right</source>
        <translation>向右平移(&amp;N)</translation>
    </message>
    <message>
        <source>Th&amp;reads</source>
        <translation>线程(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find Task...</source>
        <translation>查找任务(&amp;F)...</translation>
    </message>
    <message>
        <source>Ne&amp;xt Run of Task</source>
        <translation>任务的下一次运行(&amp;X)</translation>
    </message>
    <message>
        <source>P&amp;revious Run of Task</source>
        <translation>任务的上一次运行(&amp;R)</translation>
    </message>
    <message>
        <source>Open S&amp;weep Results...</source>
        <translation>打开扫描结果(&amp;W)...</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>查询(&amp;Q)</translation>
    </message>
    <message>
        <source>Why Did It Wait?</source>
        <translation>为什么等待？</translation>
    </message>
    <message>
        <source>+1 tick</source>
        <translation>+1 节拍</translation>
    </message>
    <message>
        <source>+10 ms</source>
        <translation>+10 ms</translation>
    </message>
    <message>
        <source>%1 (default where a scenario names none)</source>
        <translation>%1（场景未指定时的默认值）</translation>
    </message>
    <message numerus="yes">
        <source>Restarted on kernel model %1; %n setting(s) dropped.</source>
        <translation>
            <numerusform>已在内核模型 %1 上重启；丢弃了 %n 项设置。</numerusform>
        </translation>
    </message>
    <message>
        <source>These settings of the scenario do not exist in kernel model %1 and were dropped:</source>
        <translation>场景的这些设置在内核模型 %1 中不存在，已被丢弃：</translation>
    </message>
</context>
<context>
    <name>ui::MigrationMatrixPlot</name>
    <message>
        <source>to CPU</source>
        <translation>目标 CPU</translation>
    </message>
    <message>
        <source>from CPU</source>
        <translation>源 CPU</translation>
    </message>
    <message>
        <source>migrations</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>Migrations from CPU to CPU: %1</source>
        <translation>CPU 之间的迁移:%1</translation>
    </message>
</context>
<context>
    <name>ui::MigrationRatePlot</name>
    <message>
        <source>simulated time (s)</source>
        <translation>模拟时间(秒)</translation>
    </message>
    <message>
        <source>Migrations per interval by reason: %1</source>
        <translation>按原因划分的每区间迁移数:%1</translation>
    </message>
    <message>
        <source>migrations</source>
        <translation>迁移数</translation>
    </message>
    <message>
        <source>simulated time (s), bins of %1</source>
        <translation>模拟时间（秒），区间宽度 %1</translation>
    </message>
    <message>
        <source>trace time (s), bins of %1; reasons inferred</source>
        <translation>跟踪时间（s），区间 %1；原因为推断</translation>
    </message>
</context>
<context>
    <name>ui::MigrationTableModel</name>
    <message>
        <source>Time (s)</source>
        <translation>时间(秒)</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <source>To</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>调度域</translation>
    </message>
    <message>
        <source>%1 (inferred)</source>
        <translation>%1（推断）</translation>
    </message>
</context>
<context>
    <name>ui::MigrationsPage</name>
    <message>
        <source>any reason</source>
        <translation>任意原因</translation>
    </message>
    <message>
        <source>filter by task name</source>
        <translation>按任务名过滤</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>原因:</translation>
    </message>
    <message>
        <source>%1 shown, %2 held, %3 in all</source>
        <translation>显示 %1,保留 %2,共 %3</translation>
    </message>
    <message>
        <source>Migrations</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>task name</source>
        <translation>任务名</translation>
    </message>
</context>
<context>
    <name>ui::OccupancyPlot</name>
    <message>
        <source>simulated time (s)</source>
        <translation>模拟时间(秒)</translation>
    </message>
    <message>
        <source>CPU occupancy</source>
        <translation>CPU 占用</translation>
    </message>
    <message>
        <source>/ (root)</source>
        <translation>/(根)</translation>
    </message>
    <message>
        <source>kernel overhead</source>
        <translation>内核开销</translation>
    </message>
    <message>
        <source>%1 at %2
(older history is kept at reduced resolution)</source>
        <translation>%1 于 %2
(较早的历史以较低分辨率保留)</translation>
    </message>
    <message>
        <source>%1 at %2: idle</source>
        <translation>%1 于 %2:空闲</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>kernel overhead on behalf of %1</source>
        <translation>代表 %1 的内核开销</translation>
    </message>
    <message>
        <source>CPU occupancy: %1, %2 to %3</source>
        <translation>CPU 占用:%1,%2 到 %3</translation>
    </message>
    <message>
        <source>%1, %2 to %3 (%4)</source>
        <translation>%1，%2 至 %3（%4）</translation>
    </message>
    <message>
        <source>kernel overhead
%1</source>
        <translation>内核开销
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
cgroup %2
%3</translation>
    </message>
    <message>
        <source>fit</source>
        <translation>自适应</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Height of a CPU lane; &quot;fit&quot; shares the height among the tracks (scrolling when they would be too thin to read)</source>
        <translation>CPU 轨道高度；“自适应”在轨道间分配高度（太细无法阅读时滚动）</translation>
    </message>
    <message>
        <source>Lane height</source>
        <translation>轨道高度</translation>
    </message>
    <message>
        <source>Expand all</source>
        <translation>全部展开</translation>
    </message>
    <message>
        <source>Show a lane for every CPU</source>
        <translation>为每个 CPU 显示一条轨道</translation>
    </message>
    <message>
        <source>Collapse cores</source>
        <translation>折叠核心</translation>
    </message>
    <message>
        <source>One summed row per core; click a row&apos;s label to expand or collapse it</source>
        <translation>每个核心一行汇总；单击行标签展开或折叠</translation>
    </message>
    <message>
        <source>click the label to collapse</source>
        <translation>单击标签折叠</translation>
    </message>
    <message>
        <source>click the label to expand</source>
        <translation>单击标签展开</translation>
    </message>
    <message>
        <source>%1 at %2: %3 of %4 CPUs busy
%5</source>
        <translation>%1 在 %2：%4 个 CPU 中 %3 个忙碌
%5</translation>
    </message>
    <message>
        <source>RT task (band on top)</source>
        <translation>RT 任务（顶部色带）</translation>
    </message>
    <message>
        <source> (RT: %1 %2)</source>
        <translation>（RT：%1 %2）</translation>
    </message>
    <message>
        <source>trace time (s), from its first event</source>
        <translation>跟踪时间（s），从第一个事件起</translation>
    </message>
    <message>
        <source>A to B: %1</source>
        <translation>A 到 B：%1</translation>
    </message>
    <message>
        <source>a colour per task</source>
        <translation>每个任务一种颜色</translation>
    </message>
</context>
<context>
    <name>ui::OptimizationsPanel</name>
    <message>
        <source>Applies live at the current simulated time; a marker shows where.</source>
        <translation>在当前模拟时间实时生效;标记会显示位置。</translation>
    </message>
    <message>
        <source>&lt;a href=&quot;#&quot;&gt;seed: %1 (%2)&lt;/a&gt;</source>
        <translation>&lt;a href=&quot;#&quot;&gt;来源:%1(%2)&lt;/a&gt;</translation>
    </message>
    <message>
        <source>The mailing-list thread in the project&apos;s shared/seeds folder</source>
        <translation>项目 shared/seeds 文件夹中的邮件列表讨论</translation>
    </message>
    <message>
        <source>clock reads: %1/s; %2% of CPU time</source>
        <translation>时钟读取:%1/秒;占 CPU 时间 %2%</translation>
    </message>
    <message>
        <source>PSI group updates: %1/s; PSI walk %2% of CPU time</source>
        <translation>PSI 组更新:%1/秒;PSI 遍历占 CPU 时间 %2%</translation>
    </message>
    <message>
        <source>sched_move_task: %1 calls/s, %2 us/s</source>
        <translation>sched_move_task:%1 次调用/秒,%2 微秒/秒</translation>
    </message>
    <message>
        <source>counter folds: %1/s; lock wait %2% of CPU time</source>
        <translation>计数器合并:%1/秒;锁等待占 CPU 时间 %2%</translation>
    </message>
    <message>
        <source>balancer migrations: %1/s</source>
        <translation>负载均衡迁移:%1/秒</translation>
    </message>
    <message>
        <source>Not a switch in kernel model %1: %2</source>
        <translation>在内核模型 %1 中不可切换：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;A recording&lt;/b&gt; of a real kernel: no kernel model, and the optimizations cannot be switched. File &gt; Simulate This Recording runs its workload on a model, where they can.</source>
        <translation>真实内核的&lt;b&gt;记录&lt;/b&gt;：没有内核模型，优化无法切换。“文件 &gt; 模拟此记录”会在模型上运行其负载，在那里可以切换。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Kernel model %1&lt;/b&gt;%2: %3</source>
        <translation>&lt;b&gt;内核模型 %1&lt;/b&gt;%2：%3</translation>
    </message>
    <message>
        <source> (the default where a scenario names none)</source>
        <translation>（场景未指定时的默认值）</translation>
    </message>
    <message>
        <source> (named by the scenario)</source>
        <translation>（由场景指定）</translation>
    </message>
</context>
<context>
    <name>ui::PressureChart</name>
    <message>
        <source>Pressure stall information</source>
        <translation>压力停滞信息</translation>
    </message>
    <message>
        <source>simulated time (s)</source>
        <translation>模拟时间(秒)</translation>
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
        <translation>系统</translation>
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
        <translation>压力停滞信息:%1</translation>
    </message>
    <message>
        <source>Pressure stall information (averages update every 2 s; the first comes at 2 s, the rate shows stalls meanwhile)</source>
        <translation>压力停顿信息（平均值每 2 秒更新；第一个在 2 秒时出现，在此之前由速率显示停顿）</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>% of time stalled: the share of each averaging window in which some (or all) tasks of the cgroup waited for the resource</source>
        <translation>停顿时间百分比：每个平均窗口中，该 cgroup 的部分（或全部）任务等待资源的时间占比</translation>
    </message>
    <message>
        <source>PSI (averages from 2 s on)</source>
        <translation>PSI(2 秒起有平均值)</translation>
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
        <translation>在树中选择 cgroup 以绘制;未选择时显示系统。</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Share of the last 100 ms stalled, from the stall totals. The kernel&apos;s averages update every 2 s: before the first update they read 0.</source>
        <translation>根据停顿总量计算的最近 100 毫秒停顿比例。内核的平均值每 2 秒更新：首次更新前为 0。</translation>
    </message>
</context>
<context>
    <name>ui::QueryPage</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Run every statement; the last one&apos;s rows are shown (Ctrl+Enter)</source>
        <translation>运行每条语句；显示最后一条语句的行（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Queries run before, most recent first</source>
        <translation>以前运行过的查询，最近的在前</translation>
    </message>
    <message>
        <source>Ctrl+Enter runs the SQL on this session&apos;s tables (docs/query.md lists them); a double-click on a row with ts goes there on the timeline.</source>
        <translation>Ctrl+Enter 在本会话的表上运行 SQL（docs/query.md 列出了这些表）；双击带有 ts 的行会跳到时间轴上的该处。</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Double-click a name to put it into the query</source>
        <translation>双击名称将其插入查询</translation>
    </message>
    <message>
        <source>Double-click a row with ts to go there on the timeline</source>
        <translation>双击带有 ts 的行以跳到时间轴上的该处</translation>
    </message>
    <message>
        <source>Query results</source>
        <translation>查询结果</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
    <message>
        <source>(%1 statements; the last one&apos;s rows)</source>
        <translation>（%1 条语句；显示最后一条的行）</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>The first %L1 rows (the query has more) in %2 s</source>
        <translation>前 %L1 行（查询还有更多），用时 %2 秒</translation>
    </message>
    <message>
        <source>1 row in %1 s</source>
        <translation>1 行，用时 %1 秒</translation>
    </message>
    <message>
        <source>%L1 rows in %2 s</source>
        <translation>%L1 行，用时 %2 秒</translation>
    </message>
</context>
<context>
    <name>ui::QueryRunner</name>
    <message>
        <source>Building the tables: replaying the run to now...</source>
        <translation>正在构建表：将运行重放到当前时刻……</translation>
    </message>
    <message>
        <source>Building the tables: reading the recording...</source>
        <translation>正在构建表：正在读取记录……</translation>
    </message>
    <message>
        <source>Running the query...</source>
        <translation>正在运行查询……</translation>
    </message>
</context>
<context>
    <name>ui::RecentFiles</name>
    <message>
        <source>(none)</source>
        <translation>(无)</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
</context>
<context>
    <name>ui::RunqueueDelayPlot</name>
    <message>
        <source>tasks waiting</source>
        <translation>等待的任务</translation>
    </message>
    <message>
        <source>all tasks</source>
        <translation>所有任务</translation>
    </message>
    <message>
        <source>Runqueue delay (tasks waiting for a CPU): %1</source>
        <translation>运行队列延迟（等待 CPU 的任务）：%1</translation>
    </message>
    <message>
        <source>The average number of tasks waiting for a CPU in each interval, from the switch records (each wait from the wakeup or preemption to the switch in); not PSI</source>
        <translation>每个区间内等待 CPU 的平均任务数，来自切换记录（每次等待从唤醒或抢占到切入）；不是 PSI</translation>
    </message>
    <message>
        <source>trace time (s), bins of %1</source>
        <translation>跟踪时间（秒），区间 %1</translation>
    </message>
    <message>
        <source>simulated time (s), bins of %1</source>
        <translation>模拟时间（秒），区间宽度 %1</translation>
    </message>
    <message>
        <source>waiting for a CPU: %1</source>
        <translation>等待 CPU：%1</translation>
    </message>
</context>
<context>
    <name>ui::StatusPanel</name>
    <message>
        <source>Simulated time</source>
        <translation>模拟时间</translation>
    </message>
    <message>
        <source>Run state</source>
        <translation>运行状态</translation>
    </message>
    <message>
        <source>Requested speed (simulated time per wall second) and achieved</source>
        <translation>请求的速度(每真实秒的模拟时间)及实际达到的速度</translation>
    </message>
    <message>
        <source>Engine events per wall second</source>
        <translation>每真实秒的引擎事件数</translation>
    </message>
    <message>
        <source>speed -</source>
        <translation>速度 -</translation>
    </message>
    <message>
        <source>0 events/s</source>
        <translation>0 事件/秒</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已结束</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>speed %1 (achieved %2)</source>
        <translation>速度 %1(实际 %2)</translation>
    </message>
    <message>
        <source>%1 events/s</source>
        <translation>%1 事件/秒</translation>
    </message>
    <message>
        <source>%1 ctxsw/s</source>
        <translation>%1 次切换/秒</translation>
    </message>
    <message>
        <source>%1 mig/s</source>
        <translation>%1 次迁移/秒</translation>
    </message>
    <message>
        <source>overhead %1%</source>
        <translation>开销 %1%</translation>
    </message>
    <message>
        <source>speed %1</source>
        <translation>速度 %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>over the whole run</source>
        <translation>整个运行期间</translation>
    </message>
    <message>
        <source>over the last simulated second</source>
        <translation>最近一模拟秒内</translation>
    </message>
    <message>
        <source>Context switches per simulated second, %1</source>
        <translation>每模拟秒上下文切换次数，%1</translation>
    </message>
    <message>
        <source>Migrations per simulated second, %1</source>
        <translation>每模拟秒迁移次数，%1</translation>
    </message>
    <message>
        <source>Kernel overhead as a share of all CPU time, %1</source>
        <translation>内核开销占全部 CPU 时间的比例，%1</translation>
    </message>
    <message>
        <source>t = %1, cursor at %2</source>
        <translation>t = %1，光标在 %2</translation>
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
        <translation>%1 随 %2 的变化</translation>
    </message>
    <message>
        <source>%1 by %2, a line per %3</source>
        <translation>%1 随 %2 的变化，每个 %3 一条线</translation>
    </message>
    <message>
        <source>mean and standard error over the seeds</source>
        <translation>各种子的均值与标准误差</translation>
    </message>
    <message>
        <source>mean and standard error over the seeds; %1</source>
        <translation>各种子的均值与标准误差；%1</translation>
    </message>
    <message>
        <source>%1 over %2 and %3</source>
        <translation>%1 随 %2 和 %3 的变化</translation>
    </message>
    <message>
        <source>mean over the seeds; blank: no finished cell</source>
        <translation>各种子的均值；空白：没有已完成的单元</translation>
    </message>
    <message>
        <source>mean over the seeds; blank: no finished cell; %1</source>
        <translation>各种子的均值；空白：没有已完成的单元；%1</translation>
    </message>
    <message>
        <source>%1: mean %2 ± %3 (standard error), n = %4</source>
        <translation>%1：均值 %2 ± %3（标准误差），n = %4</translation>
    </message>
    <message>
        <source>min %1, max %2</source>
        <translation>最小 %1，最大 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n of the cells failed and are left out</source>
        <translation>
            <numerusform>%n 个单元失败，未计入</numerusform>
        </translation>
    </message>
    <message>
        <source>Sweep results: %1</source>
        <translation>扫描结果：%1</translation>
    </message>
    <message>
        <source>Click to run cell %1 (the first seed) in the main window</source>
        <translation>单击以在主窗口中运行单元 %1（第一个种子）</translation>
    </message>
</context>
<context>
    <name>ui::SweepWindow</name>
    <message>
        <source>Sweep results: %1 - SchedScope</source>
        <translation>扫描结果：%1 - SchedScope</translation>
    </message>
    <message>
        <source>Warnings:</source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>折线</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>热图</translation>
    </message>
    <message>
        <source>A heat map needs two axes besides seed</source>
        <translation>热图需要 seed 之外的两个轴</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>指标(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>视图(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;X axis:</source>
        <translation>X 轴(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Lines by:</source>
        <translation>折线依据(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Y axis:</source>
        <translation>Y 轴(&amp;Y)：</translation>
    </message>
    <message>
        <source>The other axes, held at:</source>
        <translation>其他轴固定为：</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export Chart...</source>
        <translation>导出图表(&amp;E)...</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;Data as CSV...</source>
        <translation>将数据导出为 CSV(&amp;D)...</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>%1 of %2 cells, %3 failed, %4 missing</source>
        <translation>%1/%2 个单元，%3 个失败，%4 个缺失</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>This sweep varies only the seed: there is no axis to plot.</source>
        <translation>此扫描只改变种子：没有可绘制的轴。</translation>
    </message>
    <message>
        <source>cell %1 (%2)</source>
        <translation>单元 %1（%2）</translation>
    </message>
    <message>
        <source>Cannot open the cell</source>
        <translation>无法打开该单元</translation>
    </message>
    <message>
        <source>The run of %1 cannot be set up; the main window&apos;s session goes on.</source>
        <translation>无法设置 %1 的运行；主窗口的会话继续进行。</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Opened %1 in the main window</source>
        <translation>已在主窗口中打开 %1</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <source>Each cell runs for %1</source>
        <translation>每个单元运行 %1</translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation>文件夹：%1</translation>
    </message>
    <message>
        <source>Axes (number of values): %1</source>
        <translation>轴（取值个数）：%1</translation>
    </message>
</context>
<context>
    <name>ui::ThreadTrackView</name>
    <message>
        <source>Pinned</source>
        <translation>已置顶</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消置顶</translation>
    </message>
    <message>
        <source>Pin to Top</source>
        <translation>置顶</translation>
    </message>
    <message>
        <source>Next Run</source>
        <translation>下一次运行</translation>
    </message>
    <message>
        <source>Previous Run</source>
        <translation>上一次运行</translation>
    </message>
    <message>
        <source>Why Did It Wait Here?</source>
        <translation>为什么在这里等待？</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2%3&lt;br&gt;%4 to %5 (%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2%3&lt;br&gt;%4 到 %5 (%6)</translation>
    </message>
    <message>
        <source>nr_running per CPU</source>
        <translation>每个 CPU 的 nr_running</translation>
    </message>
    <message>
        <source>cpu%1 nr_running (max %2)</source>
        <translation>cpu%1 nr_running（最大 %2）</translation>
    </message>
    <message>
        <source>cpu%1 nr_running: the tasks running or queued there, from the thread states</source>
        <translation>cpu%1 nr_running：在其上运行或排队的任务，来自线程状态</translation>
    </message>
    <message>
        <source>cpu%1 nr_running at %2: %3</source>
        <translation>cpu%1 nr_running 于 %2：%3</translation>
    </message>
    <message>
        <source>Show Scheduler Counters of This Task</source>
        <translation>显示此任务的调度器计数器</translation>
    </message>
    <message>
        <source>Show PELT Averages of cpu%1</source>
        <translation>显示 cpu%1 的 PELT 平均值</translation>
    </message>
    <message>
        <source>Show cpu.max and Pressure of This Cgroup</source>
        <translation>显示此 cgroup 的 cpu.max 和压力</translation>
    </message>
    <message>
        <source>None here: a recording carries only nr_running</source>
        <translation>无：录制只包含 nr_running</translation>
    </message>
    <message>
        <source>%1: the model&apos;s value as the kernel holds it, sampled every 1 ms</source>
        <translation>%1：模型中内核所持有的值，每 1 ms 采样</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1 于 %2：%3</translation>
    </message>
</context>
<context>
    <name>ui::ThreadsPage</name>
    <message>
        <source>Find a task by name or pid (Ctrl+F)</source>
        <translation>按名称或 pid 查找任务 (Ctrl+F)</translation>
    </message>
    <message>
        <source>by cgroup</source>
        <translation>按 cgroup</translation>
    </message>
    <message>
        <source>by name</source>
        <translation>按名称</translation>
    </message>
    <message>
        <source>not grouped</source>
        <translation>不分组</translation>
    </message>
    <message>
        <source>◀ Run</source>
        <translation>◀ 运行</translation>
    </message>
    <message>
        <source>The selected task&apos;s previous run ([)</source>
        <translation>所选任务的上一次运行 ([)</translation>
    </message>
    <message>
        <source>Run ▶</source>
        <translation>运行 ▶</translation>
    </message>
    <message>
        <source>The selected task&apos;s next run (])</source>
        <translation>所选任务的下一次运行 (])</translation>
    </message>
    <message>
        <source>building the thread states...</source>
        <translation>正在生成线程状态...</translation>
    </message>
    <message numerus="yes">
        <source>%n task(s)</source>
        <translation>
            <numerusform>%n 个任务</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 tasks</source>
        <translation>%2 个任务中的 %1 个</translation>
    </message>
    <message>
        <source> — states up to %1</source>
        <translation> — 状态截至 %1</translation>
    </message>
    <message>
        <source>Thread states</source>
        <translation>线程状态</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Why did it wait?&lt;/b&gt; %n hop(s) back from %1%2</source>
        <translation>
            <numerusform>&lt;b&gt;为什么等待？&lt;/b&gt; 从 %1%2 回溯 %n 步</numerusform>
        </translation>
    </message>
    <message>
        <source> (it was running: the wait before that run)</source>
        <translation>（当时在运行：取该次运行之前的等待）</translation>
    </message>
    <message>
        <source>Counter tracks</source>
        <translation>计数器轨道</translation>
    </message>
    <message>
        <source>Counter Tracks</source>
        <translation>计数器轨道</translation>
    </message>
    <message>
        <source>Running: in its cgroup&apos;s colour, as in the CPU lanes</source>
        <translation>运行：使用其 cgroup 的颜色，与 CPU 通道中相同</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why did it wait?&lt;/b&gt; Click in a task&apos;s track on the Threads page, or double-click a row of the Latency page: the wakeups behind that wait are listed here and drawn across the tracks.</source>
        <translation>&lt;b&gt;为什么等待？&lt;/b&gt;在“线程”页中点击某个任务的轨道，或在“延迟”页中双击一行：该等待背后的唤醒会在这里列出，并画在各轨道上。</translation>
    </message>
    <message>
        <source>Find task or pid</source>
        <translation>查找任务或 pid</translation>
    </message>
    <message>
        <source>How the tracks are grouped</source>
        <translation>轨道的分组方式</translation>
    </message>
</context>
<context>
    <name>ui::TopologyView</name>
    <message>
        <source>socket %1</source>
        <translation>插槽 %1</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1
%2
busy %3% over the last %4 ms</source>
        <translation>%1
%2
最近 %4 毫秒繁忙 %3%</translation>
    </message>
    <message>
        <source>Topology at %1: %2</source>
        <translation>%1 时的拓扑：%2</translation>
    </message>
</context>
<context>
    <name>ui::TraceExportTask</name>
    <message>
        <source>Replaying the session to write its trace...</source>
        <translation>正在重放会话以写入其跟踪...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>导出跟踪</translation>
    </message>
    <message>
        <source>Reading the recording to write its trace...</source>
        <translation>正在读取记录以写入其跟踪...</translation>
    </message>
</context>
<context>
    <name>ui::TraceOpener</name>
    <message>
        <source>Reading the trace %1...</source>
        <translation>正在读取跟踪 %1...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open Trace</source>
        <translation>打开跟踪</translation>
    </message>
    <message>
        <source>Reading the recording %1 and writing its workload as a scenario...</source>
        <translation>正在读取录制 %1 并将其负载写成场景...</translation>
    </message>
    <message>
        <source>Simulate This Recording</source>
        <translation>模拟此录制</translation>
    </message>
</context>
<context>
    <name>ui::TrackList</name>
    <message>
        <source>▾ core %1</source>
        <translation>▾ 核心 %1</translation>
    </message>
    <message>
        <source>▸ core %1: %2</source>
        <translation>▸ 核心 %1：%2</translation>
    </message>
    <message>
        <source>▾ socket %1</source>
        <translation>▾ 插槽 %1</translation>
    </message>
    <message>
        <source>▸ socket %1: %2</source>
        <translation>▸ 插槽 %1：%2</translation>
    </message>
</context>
</TS>
