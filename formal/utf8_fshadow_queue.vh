// The shadow byte queue both byte-output harnesses keep (utf8_sanitizer_formal,
// utf8_unit_utf8_formal): entries {from an error unit, ends a packet, byte},
// head at 0, and how many leave with the output beat taken. Each harness
// pushes its own units' bytes at push_at. Needs Q, LANES, m_take and
// m_axis_tkeep declared before the `include.

reg [9:0] sq [0:Q-1];
reg [7:0] sq_n = 8'd0;

function [7:0] kept;
    input [LANES-1:0] k;
    integer i;
    begin
        kept = 8'd0;
        for (i = 0; i < LANES; i = i + 1) kept = kept + k[i];
    end
endfunction

wire [7:0] pop_n = m_take ? kept(m_axis_tkeep) : 8'd0;
wire [7:0] push_at = sq_n - pop_n;
