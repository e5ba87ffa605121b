#!/usr/bin/env python3
"""Posts a JSON lines file of events to serve's POST /v1/events in batches of 500, from several processes
on keep-alive connections; every answer must be a 200. Prints one JSON line: events, accepted, seconds.
Usage: post-events.py PORT FILE PROCESSES"""
import http.client, json, multiprocessing, sys, time

def batches(path, processes, worker):
    with open(path) as lines:
        events = [line.rstrip("\n") for number, line in enumerate(lines) if number // 500 % processes == worker]
    return [("{\"events\":[" + ",".join(events[i:i + 500]) + "]}").encode() for i in range(0, len(events), 500)]

def work(arguments):
    port, path, processes, worker, start = arguments
    bodies = batches(path, processes, worker)
    while time.time() < start:
        time.sleep(0.001)
    connection = http.client.HTTPConnection("127.0.0.1", port)
    accepted = 0
    for body in bodies:
        connection.request("POST", "/v1/events", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
        if response.status != 200:
            raise SystemExit("POST /v1/events answered %d: %s" % (response.status, answer))
        accepted += answer["accepted"]
    return accepted, time.time()

def main():
    port, path, processes = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    # Every process reads its batches first; the clock starts when all send.
    start = time.time() + 3 + processes
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(work, [(port, path, processes, worker, start) for worker in range(processes)])
    accepted = sum(result[0] for result in results)
    print(json.dumps({"accepted": accepted, "seconds": max(result[1] for result in results) - start}))

if __name__ == "__main__":
    main()
